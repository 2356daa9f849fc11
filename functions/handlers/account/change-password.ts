import { ChangePasswordBodySchema } from '@shared/auth';
import { changePassword } from '../../domain/sessions';
import { httpHandler, noContent } from '../../domain/http-api';

/**
 * POST /api/account/password: checks the current password, sets the new one and ends every session,
 * this one included (the SPA then asks the user to sign in again).
 */
export const handler = httpHandler({ body: ChangePasswordBodySchema }, async ({ userId, body }) => {
  await changePassword(userId, body, new Date());
  return noContent();
});
