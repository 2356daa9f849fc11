import { MemberIdParamsSchema } from '@shared/workspaces';
import { httpHandler, noContent } from '../../domain/http-api';
import { removeFromWorkspace } from '../../domain/workspaces';

/** DELETE /api/workspace/members/{userId}: an Admin removes a member, or a member leaves. */
export const handler = httpHandler({ params: MemberIdParamsSchema }, async ({ workspaceId, userId, role, params }) => {
  await removeFromWorkspace(workspaceId, { userId, role }, params.userId);
  return noContent();
});
