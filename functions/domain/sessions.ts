import type { RealtimeResolverContext } from '@shared/realtime';
import { isCurrentPassword, setPassword } from '../data/user-directory';
import { endSessionsAndPayerPassword, endSessionsBefore, getSessionGate, signOutEverywhere, type SessionGate } from '../data/users';
import { verifyAccessToken } from '../lib/cognito-tokens';
import { AppError } from '../lib/errors';
import { sessionStart } from '../lib/http';
import { endUserSessions } from '../lib/realtime';

/**
 * Revocation of the tokens a user already holds. API Gateway's JWT authorizer checks
 * signature and expiry only, and Cognito access tokens live up to an hour, so after account deletion,
 * "sign out everywhere" or a password change the only place an earlier token can be stopped is here:
 * every `auth: 'user'` request compares its session start with the user's session gate.
 *
 * No cache: a strongly consistent GetItem is one read unit and a few milliseconds, and any cache on
 * a warm Lambda would admit a revoked token (or a deleted account's) for as long as it lives, which
 * is exactly the window deletion must not have.
 */
export const SESSION_ENDED_MESSAGE = 'Your session has ended; please sign in again.';

/** Said to whoever signs in with the password a checkout's payer chose before the owner proved the address. */
export const PAYER_PASSWORD_MESSAGE =
  'This account was created at checkout and its password must be set by the owner of the e-mail address: use "Forgot password?" on the sign-in page.';

/**
 * Same code as an ended session (the SPA signs out and shows the sign-in page); the message says why.
 */
export class SessionEndedError extends AppError {
  constructor(message: string = SESSION_ENDED_MESSAGE) {
    super('SESSION_ENDED', 401, message);
  }
}

/**
 * Throws SessionEndedError unless this session began after the last revocation and the account is
 * open. `duringDeletion` admits a closed account's NEW session (signed in after deletion began) to
 * the one route that finishes an interrupted deletion; earlier tokens stay refused there too.
 */
export async function assertSessionOpen(userId: string, startedAt: number, options: { duringDeletion?: boolean } = {}): Promise<void> {
  assertGateAdmits(await getSessionGate(userId), startedAt, options);
}

/** assertSessionOpen's rule, for a gate already read (the API's admission reads it with the membership). */
export function assertGateAdmits(gate: SessionGate, startedAt: number, options: { duringDeletion?: boolean } = {}): void {
  // A checkout's payer chose this password for an address they never proved; its owner has verified
  // the address (or the account could not sign in) but not yet set a password of their own.
  if (gate.payerPassword) throw new SessionEndedError(PAYER_PASSWORD_MESSAGE);
  if (gate.deletedAt !== null && !options.duringDeletion) throw new SessionEndedError();
  if (gate.validAfter !== null && startedAt < gate.validAfter) throw new SessionEndedError();
}

/** True once the account's deletion has begun (the publisher and OAuth callbacks stop for it). */
export async function isUserClosed(userId: string): Promise<boolean> {
  return (await getSessionGate(userId)).deletedAt !== null;
}

/**
 * The realtime API's authorizer (AppSync AWS_LAMBDA mode, and the local emulator): a subscriber's
 * access token must be live and its session open at the gate, the same check every API request
 * makes. It runs on every connection and every subscription start (results are not cached), so a
 * token of an ended session cannot open a subscription. Null: refused.
 */
export async function authorizeRealtime(token: string | undefined): Promise<RealtimeResolverContext | null> {
  if (!token) return null;
  const claims = await verifyAccessToken(token);
  if (!claims) return null;
  const startedAt = sessionStart(claims);
  try {
    await assertSessionOpen(claims.sub!, startedAt);
  } catch (error) {
    if (error instanceof SessionEndedError) return null;
    throw error;
  }
  return { sub: claims.sub!, sessionStart: String(startedAt) };
}

/**
 * Ends every session of the user that began before now, the caller's own included: the gate stops
 * the access and ID tokens already issued, Cognito's global sign-out the refresh tokens (so no new
 * ones are minted from them), and the realtime API closes the subscriptions those sessions hold.
 * The gate goes first: if Cognito or AppSync fails, the tokens are already refused.
 */
export async function endAllSessions(userId: string, now: Date): Promise<void> {
  const validAfter = await endSessionsBefore(userId, now);
  await signOutEverywhere(userId);
  await endRealtimeSessions(userId, validAfter);
}

/**
 * A password reset (Cognito ConfirmForgotPassword, through the post-confirmation trigger) ends
 * every session that began before it. Only the gate moves here: the trigger may not call the user
 * pool or the realtime API (each would make pool → trigger → pool a dependency cycle in the stack).
 * The gate is enough to stop them: tokens refreshed from an old session keep its `auth_time` and
 * are refused like the rest, and the realtime authorizer refuses them a new subscription.
 * The reset proves the address, so a checkout payer's password (replaced by it) stops blocking the account.
 */
export async function endSessionsAfterPasswordReset(userId: string, now: Date): Promise<void> {
  // A reset proves the address and replaces the password: a checkout payer's password is gone too.
  await endSessionsAndPayerPassword(userId, now);
}

/**
 * Closes the open realtime subscriptions of the sessions the gate has just ended (`validAfter`, its
 * value). Best effort: a subscription the call misses receives events until its client's next API
 * call meets SESSION_ENDED and the app signs out; it can never start again (the authorizer).
 */
export async function endRealtimeSessions(userId: string, validAfter: number): Promise<void> {
  await endUserSessions(userId, validAfter);
}

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is not correct.';

/**
 * POST /api/account/password: the app's one way to change a password (access tokens cannot call
 * Cognito's ChangePassword: the pre-token-generation trigger leaves out the scope it needs). The
 * current password is checked first; a wrong one changes nothing. Then the new password is set and
 * every session ends, the caller's included, exactly as "sign out everywhere" does.
 */
export async function changePassword(
  userId: string,
  body: { currentPassword: string; newPassword: string },
  now: Date,
  directory: { isCurrentPassword(username: string, password: string): Promise<boolean>; setPassword(username: string, password: string): Promise<void> } = {
    isCurrentPassword,
    setPassword,
  },
): Promise<void> {
  if (!(await directory.isCurrentPassword(userId, body.currentPassword))) throw new AppError('WRONG_PASSWORD', 400, WRONG_CURRENT_PASSWORD_MESSAGE);
  await directory.setPassword(userId, body.newPassword);
  await endAllSessions(userId, now);
}
