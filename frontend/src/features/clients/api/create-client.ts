import { CLIENT_MSG, ClientSchema, type Client, type CreateClientInput } from '@shared/clients';
import { useToastedMutation } from '@/components/use-toasted-mutation';
import { api } from '@/lib/api-client';
import { clientKeys } from '@/lib/api/clients';

export function createClient(body: CreateClientInput): Promise<Client> {
  return api('/clients', { method: 'POST', body, schema: ClientSchema });
}

/** docs/product-rules.md#messages-and-errors: 'Client created successfully!', or 'Error creating client' with the reason. */
export function useCreateClient(options: { onSuccess?: () => void } = {}) {
  return useToastedMutation({
    mutationFn: createClient,
    success: CLIENT_MSG.created,
    failure: CLIENT_MSG.createError,
    invalidates: clientKeys.all,
    onSuccess: () => options.onSuccess?.(),
  });
}
