import { endSessionsBefore, getSessionGate, signOutEverywhere } from '../data/users';
import { AppError } from '../lib/errors';

/**
 * Revocation of the tokens a user already holds (issue 13.1). API Gateway's JWT authorizer checks
 * signature and expiry only, and Cognito access tokens live up to an hour, so after account deletion,
 * "sign out everywhere" or a password change the only place an earlier token can be stopped is here:
 * every `auth: 'user'` request compares its session start with the user's session gate.
 *
 * No cache: a strongly consistent GetItem is one read unit and a few milliseconds, and any cache on
 * a warm Lambda would admit a revoked token (or a deleted account's) for as long as it lives, which
 * is exactly the window deletion must not have.
 */
export const SESSION_ENDED_MESSAGE = 'Your session has ended; please sign in again.';

export class SessionEndedError extends AppError {
  constructor() {
    super('SESSION_ENDED', 401, SESSION_ENDED_MESSAGE);
  }
}

/**
 * Throws SessionEndedError unless this session began after the last revocation and the account is
 * open. `duringDeletion` admits a closed account's NEW session (signed in after deletion began) to
 * the one route that finishes an interrupted deletion; earlier tokens stay refused there too.
 */
export async function assertSessionOpen(userId: string, startedAt: number, options: { duringDeletion?: boolean } = {}): Promise<void> {
  const gate = await getSessionGate(userId);
  if (gate.deletedAt !== null && !options.duringDeletion) throw new SessionEndedError();
  if (gate.validAfter !== null && startedAt < gate.validAfter) throw new SessionEndedError();
}

/** True once the account's deletion has begun (the publisher and OAuth callbacks stop for it). */
export async function isAccountClosed(userId: string): Promise<boolean> {
  return (await getSessionGate(userId)).deletedAt !== null;
}

/**
 * Ends every session of the user that began before now, the caller's own included: the gate stops
 * the access and ID tokens already issued, Cognito's global sign-out the refresh tokens (so no new
 * ones are minted from them). The gate goes first: if Cognito fails, the tokens are already refused.
 */
export async function endAllSessions(userId: string, now: Date): Promise<void> {
  await endSessionsBefore(userId, now);
  await signOutEverywhere(userId);
}
