import { httpHandler, noContent } from '../../domain/http-api';
import { leaveWorkspace } from '../../domain/workspaces';

/** POST /api/workspace/leave: the caller leaves the workspace the request acts in. */
export const handler = httpHandler({}, async ({ workspaceId, userId, role }) => {
  await leaveWorkspace(workspaceId, userId, role);
  return noContent();
});
