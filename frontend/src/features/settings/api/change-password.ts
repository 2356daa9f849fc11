import { useMutation } from '@tanstack/react-query';
import { toaster } from '@/components/ui/toaster';
import { loadAuthSession } from '@/lib/amplify-loader';
import { api } from '@/lib/api-client';

export interface ChangePasswordInput {
  /** Cognito's ChangePassword needs the current password (docs/product-rules.md#account-forms). */
  oldPassword: string;
  newPassword: string;
}

/**
 * Through Cognito (Amplify v6 updatePassword); the module is loaded with Amplify, on first use.
 * Then every session of the account ends, this one included (issue 13.1): a token someone else
 * holds stops working at once, not when it expires; the caller signs the user out.
 */
export async function changePassword({ oldPassword, newPassword }: ChangePasswordInput): Promise<void> {
  // A signed-in /home view has configured Amplify already; this only waits for it if not.
  await loadAuthSession();
  const { updatePassword } = await import('aws-amplify/auth');
  await updatePassword({ oldPassword, newPassword });
  try {
    await api('/account/sign-out-everywhere', { method: 'POST' });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Your password was changed, but we couldn't sign out your other devices: ${reason}`, { cause: error });
  }
}

export const PASSWORD_CHANGED_TEXT = 'Please sign in again with your new password.';

/** docs/product-rules.md#messages-and-errors: 'Password changed successfully!' or 'Error changing password' with the message. */
export function useChangePassword({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      toaster.success({ title: 'Password changed successfully!', description: PASSWORD_CHANGED_TEXT });
      onSuccess?.();
    },
    onError: (error) => {
      toaster.error({ title: 'Error changing password', description: error.message });
    },
  });
}
