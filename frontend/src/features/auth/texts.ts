/** Texts of the sign-in, sign-up and verification flows that shared/messages.ts does not hold. */
export const AUTH_TEXT = {
  errorTitle: 'Error',
  verifyFirst: 'Please verify your email first — check your inbox for the verification link.',
  emailVerified: 'Email verified! You can sign in now.',
  newLinkSent: 'A new verification link is on its way.',
  openInbox: 'Open the local inbox',
  badCredentials: "We couldn't sign you in with that email and password.",
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  passwordResetRequired: 'Your password has to be reset before you can sign in. Please contact support.',
  unreachable: "We couldn't reach the sign-in service. Check your connection and try again.",
  signInFailed: 'Something went wrong while signing you in. Please try again.',
  sessionEnded: 'You were signed out because your session ended on another device (a password change, "Sign out everywhere" or a reset). Please sign in again.',
  forgotPassword: 'Forgot password?',
  resetIntro: 'Enter the e-mail of your account and we will send you a code to set a new password.',
  resetCodeSent: 'If an account uses this e-mail, a code is on its way. Enter it with your new password.',
  codeRequired: 'Enter the code from the e-mail.',
  passwordResetDone: 'Your password is changed. Sign in with the new one.',
  badResetCode: 'That code is wrong or has expired. Ask for a new one.',
  resetNotPossible: 'This account cannot reset its password yet: verify your e-mail address first with the link we sent.',
} as const;

/** The message of whatever Amplify/Cognito threw, for the 'Error' toast (docs/product-rules.md#messages-and-errors). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

/** Password-reset failures in plain words; like sign-in, nothing here tells whether an account exists. */
export function resetErrorMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  switch (name) {
    case 'CodeMismatchException':
    case 'ExpiredCodeException':
      return AUTH_TEXT.badResetCode;
    case 'InvalidParameterException':
      return AUTH_TEXT.resetNotPossible;
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return AUTH_TEXT.tooManyAttempts;
    case 'InvalidPasswordException':
      return errorMessage(error);
    case 'NetworkError':
      return AUTH_TEXT.unreachable;
  }
  if (error instanceof TypeError) return AUTH_TEXT.unreachable;
  return errorMessage(error);
}

/**
 * Sign-in failures in plain words. Amplify v6 throws an AuthError named after Cognito's
 * exception. A wrong password, an unknown e-mail and a deleted or disabled user all read the same
 * (Cognito's own texts, "User does not exist." or "User is disabled.", would tell a stranger whether
 * an account exists). Our own step errors (verify first…) are already written for people.
 */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof Error && error.name === 'SignInStepError') return error.message;
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : '';
  if (name === 'NotAuthorizedException' && /attempts exceeded/i.test(message)) return AUTH_TEXT.tooManyAttempts;
  switch (name) {
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
    case 'UserLambdaValidationException':
      return AUTH_TEXT.badCredentials;
    case 'TooManyRequestsException':
    case 'LimitExceededException':
    case 'TooManyFailedAttemptsException':
      return AUTH_TEXT.tooManyAttempts;
    case 'PasswordResetRequiredException':
      return AUTH_TEXT.passwordResetRequired;
    case 'NetworkError':
      return AUTH_TEXT.unreachable;
  }
  if (error instanceof TypeError) return AUTH_TEXT.unreachable;
  console.error('Sign-in failed', error);
  return AUTH_TEXT.signInFailed;
}
