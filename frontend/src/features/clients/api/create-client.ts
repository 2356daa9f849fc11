import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CLIENT_MSG, ClientSchema, type Client, type CreateClientInput } from '@shared/clients';
import { toaster } from '@/components/ui/toaster';
import { api } from '@/lib/api-client';
import { clientKeys } from '@/lib/api/clients';

export function createClient(body: CreateClientInput): Promise<Client> {
  return api('/clients', { method: 'POST', body, schema: ClientSchema });
}

/** docs/product-rules.md#messages-and-errors: 'Client created successfully!', or 'Error creating client' with the reason. */
export function useCreateClient(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => {
      toaster.success({ title: CLIENT_MSG.created });
      options.onSuccess?.();
    },
    onError: (error) => toaster.error({ title: CLIENT_MSG.createError, description: error.message }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
