import { DeleteWorkspaceBodySchema } from '@shared/workspaces';
import { httpHandler, noContent } from '../../domain/http-api';
import { deleteOwnedWorkspace } from '../../domain/workspace-deletion';

/** DELETE /api/workspace: the Owner deletes the workspace with everything in it (resumable: call again after a failure). */
export const handler = httpHandler({ body: DeleteWorkspaceBodySchema }, async ({ workspaceId, userId, body }) => {
  await deleteOwnedWorkspace(workspaceId, userId, body.confirm_name);
  return noContent();
});
