import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClientListSchema, type Client } from '@shared/clients';
import { api } from '@/lib/api-client';

/** Query keys of the agency's clients (shared: the client picker of Compose, Posts and the calendar). */
export const clientKeys = {
  all: ['clients'] as const,
  list: () => [...clientKeys.all, 'list'] as const,
};

/** The user's clients, newest first. */
export async function getClients(): Promise<Client[]> {
  const { items } = await api('/clients', { schema: ClientListSchema });
  return items;
}

export function getClientsQueryOptions() {
  return queryOptions({ queryKey: clientKeys.list(), queryFn: getClients });
}

/** Agency mode only: creators have no clients to show, so callers pass `enabled`. */
export function useClients(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getClientsQueryOptions(), enabled: options.enabled ?? true });
}
