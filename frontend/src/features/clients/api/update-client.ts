import { CLIENT_MSG, ClientSchema, type Client, type UpdateClientInput } from '@shared/clients';
import { useToastedMutation } from '@/components/use-toasted-mutation';
import { api } from '@/lib/api-client';
import { clientKeys } from '@/lib/api/clients';

export function updateClient({ id, body }: { id: string; body: UpdateClientInput }): Promise<Client> {
  return api(`/clients/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: ClientSchema });
}

/** docs/product-rules.md#messages-and-errors: 'Client updated successfully!'; a failure has no toast and is only logged. */
export function useUpdateClient(options: { onSuccess?: () => void } = {}) {
  return useToastedMutation({
    mutationFn: updateClient,
    success: CLIENT_MSG.updated,
    failure: { log: 'Update client failed' },
    invalidates: clientKeys.all,
    onSuccess: () => options.onSuccess?.(),
  });
}
