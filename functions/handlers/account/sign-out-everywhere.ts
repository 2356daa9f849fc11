import { endAllSessions } from '../../domain/sessions';
import { httpHandler, noContent } from '../../domain/http-api';

/**
 * POST /api/account/sign-out-everywhere: every token issued so far stops working, this one included
 * (the SPA calls it after Amplify changed the password, then asks the user to sign in again).
 */
export const handler = httpHandler({}, async ({ userId }) => {
  await endAllSessions(userId, new Date());
  return noContent();
});
