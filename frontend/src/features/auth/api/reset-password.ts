import { useMutation } from '@tanstack/react-query';
import { amplifyAuth } from './amplify-auth';

/** Cognito ForgotPassword: mails a code to the account's address (the custom-message trigger writes the mail). */
export async function requestPasswordReset({ email }: { email: string }): Promise<void> {
  const { resetPassword } = await amplifyAuth();
  await resetPassword({ username: email });
}

/**
 * Cognito ConfirmForgotPassword: the mailed code and the new password. Cognito then runs the
 * post-confirmation trigger, which ends every session of the account (the session gate).
 */
export async function confirmPasswordReset({ email, code, password }: { email: string; code: string; password: string }): Promise<void> {
  const { confirmResetPassword } = await amplifyAuth();
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword: password });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
