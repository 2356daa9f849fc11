import { deleteUser } from '../../domain/user-deletion';
import { httpHandler, noContent } from '../../domain/http-api';

/** DELETE /api/account: everything of the signed-in user, then the login itself (resumable: call again after a failure). */
export const handler = httpHandler({ duringDeletion: true }, async ({ userId }) => {
  await deleteUser(userId);
  return noContent();
});
