import { useMutation } from '@tanstack/react-query';
import { toaster } from '@/components/ui/toaster';
import { loadAuthSession } from '@/lib/amplify-loader';

export interface ChangePasswordInput {
  /** Cognito's ChangePassword needs the current password (spec §7 only shows "updateUser with password"). */
  oldPassword: string;
  newPassword: string;
}

/** Through Cognito (Amplify v6 updatePassword); the module is loaded with Amplify, on first use. */
export async function changePassword({ oldPassword, newPassword }: ChangePasswordInput): Promise<void> {
  // A signed-in /home view has configured Amplify already; this only waits for it if not.
  await loadAuthSession();
  const { updatePassword } = await import('aws-amplify/auth');
  await updatePassword({ oldPassword, newPassword });
}

/** Spec §8: 'Password changed successfully!' or 'Error changing password' with the message. */
export function useChangePassword({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      toaster.success({ title: 'Password changed successfully!' });
      onSuccess?.();
    },
    onError: (error) => {
      toaster.error({ title: 'Error changing password', description: error.message });
    },
  });
}
