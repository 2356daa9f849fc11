import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /account: the server removes every row and file of the user and the Cognito user (204). */
export function deleteAccount(): Promise<undefined> {
  return api('/account', { method: 'DELETE' });
}

export function useDeleteAccount(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: deleteAccount, ...options });
}
