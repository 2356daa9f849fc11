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
} as const;

/** The message of whatever Amplify/Cognito threw, for the 'Error' toast (docs/product-rules.md#messages-and-errors). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

/**
 * Sign-in failures in plain words (issue 17.10). Amplify v6 throws an AuthError named after Cognito's
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
