import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Client } from '@shared/clients';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useMe } from '@/lib/api/me';
import { useCurrentWorkspace } from '@/lib/api/workspaces';

/** Query keys of the agency's clients (shared: the client picker of Compose, Posts and the calendar). */
export const clientKeys = {
  all: ['clients'] as const,
  list: () => [...clientKeys.all, 'list'] as const,
};

/** The user's clients, newest first. */
export async function getClients(): Promise<Client[]> {
  const { items } = await api('/clients', { schema: () => import('@shared/clients').then((m) => m.ClientListSchema) });
  return items;
}

export function getClientsQueryOptions() {
  return queryOptions({ queryKey: clientKeys.list(), queryFn: getClients });
}

/** Agency mode only: creators have no clients to show, so callers pass `enabled`. */
export function useClients(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getClientsQueryOptions(), enabled: options.enabled ?? true });
}

/**
 * Whether the agency features (the Clients page, the client pickers) show. In a person's own first
 * workspace their saved mode decides, as the spec says; in any other workspace its clients do: a
 * teammate who joined an agency works with the agency's clients whatever mode they saved for
 * themselves (docs/workspaces.md#modes).
 */
export function useAgencyView(): boolean {
  const { user } = useAuth();
  const { data: me } = useMe();
  const { workspace } = useCurrentWorkspace();
  const saved = me?.settings.mode === 'agency';
  const shared = workspace !== undefined && workspace.id !== user?.sub;
  const clients = useClients({ enabled: shared && !saved });
  return saved || (shared && (clients.data?.length ?? 0) > 0);
}
