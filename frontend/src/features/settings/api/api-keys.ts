import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiKeyListSchema, CreatedApiKeySchema, type ApiKeyView, type CreateApiKeyBody, type CreatedApiKey } from '@shared/api-keys';
import { api } from '@/lib/api-client';

/** Not under the workspace list's key: a workspace switch drops these with the rest of the old workspace's answers. */
const apiKeyKeys = { all: ['api-keys'] as const };

export async function getApiKeys(): Promise<ApiKeyView[]> {
  const { items } = await api('/workspace/api-keys', { schema: ApiKeyListSchema });
  return items;
}

/** The current workspace's API keys, masked (Admin and Owner). */
export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.all, queryFn: getApiKeys });
}

export const createApiKey = (body: CreateApiKeyBody): Promise<CreatedApiKey> =>
  api('/workspace/api-keys', { method: 'POST', body, schema: CreatedApiKeySchema });

/** The answer carries the key itself, shown this once: the list never has it. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }) });
}

export const revokeApiKey = (id: string): Promise<undefined> => api(`/workspace/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }) });
}
