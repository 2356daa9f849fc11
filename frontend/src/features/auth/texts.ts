/** Texts of the sign-in, sign-up and verification flows that shared/messages.ts does not hold. */
export const AUTH_TEXT = {
  errorTitle: 'Error',
  verifyFirst: 'Please verify your email first — check your inbox for the verification link.',
  emailVerified: 'Email verified! You can sign in now.',
  newLinkSent: 'A new verification link is on its way.',
  openInbox: 'Open the local inbox',
} as const;

/** The message of whatever Amplify/Cognito threw, for the 'Error' toast (spec §8). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
