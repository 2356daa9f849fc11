import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toaster } from '@/components/ui/toaster';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/lib/api/connections';

export function disconnectAccount(id: string): Promise<undefined> {
  return api(`/accounts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** docs/product-rules.md#messages-and-errors: "Account disconnected" on success; a failure shows no toast. */
export function useDisconnectAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectAccount,
    onSuccess: () => {
      toaster.success({ title: 'Account disconnected' });
    },
    onError: (error) => console.error('Disconnect failed', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.list() }),
  });
}
