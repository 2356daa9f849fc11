import { OWNERSHIP_MSG, WORKSPACE_MSG } from '@shared/workspaces';
import { getWorkspace } from '../data/workspaces';
import { ConflictError, ForbiddenError, ValidationError } from '../lib/errors';
import { defaultUserDeletionDeps, deleteWorkspaceWithContents, type UserDeletionDeps } from './user-deletion';

/**
 * DELETE /api/workspace (docs/workspaces.md#deleting-a-workspace): the Owner deletes the workspace
 * with everything in it, the same way account deletion deletes the workspaces a person owns.
 *
 * A person's first workspace (its id is their user id) is refused while it is still theirs: it is
 * the workspace every request without a workspace header acts in and the one the app falls back to,
 * so it goes only with the account. A first workspace whose ownership was transferred is an ordinary
 * workspace for its new Owner; when it is deleted, the person it was made for gets a new empty first
 * workspace the next time the app lists theirs and finds none (`workspacesOf`).
 */
export async function deleteOwnedWorkspace(
  workspaceId: string,
  userId: string,
  confirmName: string,
  deps: UserDeletionDeps = defaultUserDeletionDeps,
): Promise<void> {
  const workspace = await getWorkspace(workspaceId);
  if (!workspace) throw new ForbiddenError('NOT_A_MEMBER', WORKSPACE_MSG.notMember);
  if (workspace.ownerId !== userId) throw new ForbiddenError('ROLE_TOO_LOW', WORKSPACE_MSG.roleTooLow('owner'));
  if (workspaceId === userId) throw new ConflictError(OWNERSHIP_MSG.firstWorkspace);
  if (confirmName.trim() !== workspace.name) throw new ValidationError(OWNERSHIP_MSG.nameMismatch(workspace.name));
  await deleteWorkspaceWithContents(workspaceId, deps);
}
