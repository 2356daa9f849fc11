import { InviteIdParamsSchema } from '@shared/workspaces';
import { httpHandler, noContent } from '../../domain/http-api';
import { revokeInvite } from '../../domain/workspaces';

/** DELETE /api/workspace/invites/{id}: the link stops working and its seat is free. */
export const handler = httpHandler({ params: InviteIdParamsSchema }, async ({ workspaceId, params }) => {
  await revokeInvite(workspaceId, params.id);
  return noContent();
});
