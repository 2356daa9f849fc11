import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CLIENT_MSG, ClientSchema, type Client, type UpdateClientInput } from '@shared/clients';
import { toaster } from '@/components/ui/toaster';
import { api } from '@/lib/api-client';
import { clientKeys } from '@/lib/api/clients';

export function updateClient({ id, body }: { id: string; body: UpdateClientInput }): Promise<Client> {
  return api(`/clients/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: ClientSchema });
}

/** docs/product-rules.md#messages-and-errors: 'Client updated successfully!'; a failure has no toast and is only logged. */
export function useUpdateClient(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: () => {
      toaster.success({ title: CLIENT_MSG.updated });
      options.onSuccess?.();
    },
    onError: (error) => console.error('Update client failed', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
