import { useMutation } from '@tanstack/react-query';
import { amplifyAuth } from './amplify-auth';

/** Cognito answers a second click on the link with "Current status is CONFIRMED": that is a success. */
export function isAlreadyConfirmed(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /already confirmed|current status is confirmed/i.test(message);
}

export async function confirmEmail({ email, code }: { email: string; code: string }): Promise<void> {
  try {
    const { confirmSignUp } = await amplifyAuth();
    await confirmSignUp({ username: email, confirmationCode: code });
  } catch (error) {
    if (!isAlreadyConfirmed(error)) throw error;
  }
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
