import { useToastedMutation } from '@/components/use-toasted-mutation';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/lib/api/connections';

export function disconnectAccount(id: string): Promise<undefined> {
  return api(`/accounts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** docs/product-rules.md#messages-and-errors: "Account disconnected" on success; a failure shows no toast. */
export function useDisconnectAccount() {
  return useToastedMutation({
    mutationFn: disconnectAccount,
    success: 'Account disconnected',
    failure: { log: 'Disconnect failed' },
    invalidates: accountKeys.list(),
  });
}
