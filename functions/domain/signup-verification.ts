import { BILLING_MSG, type ConfirmSignupBody } from '@shared/billing';
import { confirmSignUp, setPassword, userIdByEmail } from '../data/user-directory';
import { endSessionsAndPayerPassword } from '../data/users';
import { AppError, DependencyError } from '../lib/errors';
import { logger } from '../lib/logger';

export interface SignupVerificationDeps {
  confirmSignUp(email: string, code: string): Promise<void>;
  setPassword(username: string, password: string): Promise<void>;
  userIdByEmail(email: string): Promise<string | null>;
  endSessionsAndPayerPassword(userId: string, now: Date): Promise<number>;
  now(): Date;
}

const defaultDeps: SignupVerificationDeps = { confirmSignUp, setPassword, userIdByEmail, endSessionsAndPayerPassword, now: () => new Date() };

/** Cognito's answers to ConfirmSignUp, in the page's words. */
function confirmError(error: unknown): AppError | null {
  switch ((error as Error)?.name) {
    case 'CodeMismatchException':
    case 'UserNotFoundException':
      return new AppError('BAD_CODE', 400, BILLING_MSG.verificationCodeWrong);
    case 'ExpiredCodeException':
      return new AppError('EXPIRED_CODE', 400, BILLING_MSG.verificationCodeExpired);
    // Cognito: "User cannot be confirmed. Current status is CONFIRMED". Without a fresh proof the
    // password stays as it is: the owner resets it instead.
    case 'NotAuthorizedException':
      return new AppError('ALREADY_VERIFIED', 409, BILLING_MSG.alreadyVerified);
    case 'LimitExceededException':
    case 'TooManyFailedAttemptsException':
    case 'TooManyRequestsException':
      return new AppError('TOO_MANY_ATTEMPTS', 429, BILLING_MSG.tooManyVerificationAttempts);
  }
  return null;
}

/**
 * POST /api/billing/confirm-signup (public; the mailed code is the proof): the owner of the address
 * of an account a paid public checkout made verifies it AND sets its password in one step, so the
 * password the payer chose (who proved nothing about the address) never opens the account.
 *
 * Order: the code first (a wrong one changes nothing); then the owner's password; then the session
 * gate drops the payer's mark and ends any session begun before (one the payer might have opened in
 * between, with the old password). If setting the password fails the address is verified, the mark
 * stays and the account opens nothing until its owner resets the password, which the message says.
 */
export async function confirmCheckoutSignup(body: ConfirmSignupBody, deps: SignupVerificationDeps = defaultDeps): Promise<{ email: string }> {
  const email = body.email.trim();
  try {
    await deps.confirmSignUp(email, body.code);
  } catch (error) {
    const mapped = confirmError(error);
    if (mapped) throw mapped;
    throw new DependencyError(BILLING_MSG.verificationUnavailable, { cause: error });
  }
  try {
    await deps.setPassword(email, body.password);
    const userId = await deps.userIdByEmail(email);
    if (!userId) throw new Error('The verified user has no id');
    await deps.endSessionsAndPayerPassword(userId, deps.now());
  } catch (error) {
    logger.error('Verified a checkout account but could not set its password', { error });
    throw new DependencyError(BILLING_MSG.verifiedButPasswordNotSet, { cause: error });
  }
  return { email };
}
