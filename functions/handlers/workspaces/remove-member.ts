import { MemberIdParamsSchema } from '@shared/workspaces';
import { httpHandler, noContent } from '../../domain/http-api';
import { removeFromWorkspace } from '../../domain/workspaces';

/** DELETE /api/workspace/members/{userId}: an Admin or the Owner removes a member. */
export const handler = httpHandler({ params: MemberIdParamsSchema }, async ({ workspaceId, params }) => {
  await removeFromWorkspace(workspaceId, params.userId);
  return noContent();
});
