import { useMutation } from '@tanstack/react-query';
import { toaster } from '@/components/ui/toaster';
import { api } from '@/lib/api-client';

export interface ChangePasswordInput {
  /** The current password proves who asks (docs/product-rules.md#account-forms). */
  oldPassword: string;
  newPassword: string;
}

/**
 * Through the app's API, never Cognito's ChangePassword (the app's access tokens cannot call it):
 * the API checks the current password, sets the new one and ends every session of the account in
 * the same request, this one included; the caller signs the user out.
 */
export async function changePassword({ oldPassword, newPassword }: ChangePasswordInput): Promise<void> {
  await api('/account/password', { method: 'POST', body: { currentPassword: oldPassword, newPassword } });
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
