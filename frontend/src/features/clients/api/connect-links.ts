import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConnectLinkListSchema, CreatedConnectLinkSchema, type ConnectLink, type CreateConnectLinkBody, type CreatedConnectLink } from '@shared/connect-links';
import { api } from '@/lib/api-client';
import { clientKeys } from '@/lib/api/clients';

const linkKeys = (clientId: string) => [...clientKeys.all, clientId, 'connect-links'] as const;

export async function getConnectLinks(clientId: string): Promise<ConnectLink[]> {
  const { items } = await api(`/clients/${encodeURIComponent(clientId)}/connect-links`, { schema: ConnectLinkListSchema });
  return items;
}

/** The client's working connect links (Admin and Owner). */
export function useConnectLinks(clientId: string) {
  return useQuery({ queryKey: linkKeys(clientId), queryFn: () => getConnectLinks(clientId) });
}

export function createConnectLink(clientId: string, body: CreateConnectLinkBody): Promise<CreatedConnectLink> {
  return api(`/clients/${encodeURIComponent(clientId)}/connect-links`, { method: 'POST', body, schema: CreatedConnectLinkSchema });
}

/** The answer carries the link's URL, shown this once: the list never has it. */
export function useCreateConnectLink(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateConnectLinkBody) => createConnectLink(clientId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: linkKeys(clientId) }),
  });
}

export function revokeConnectLink(clientId: string, linkId: string): Promise<undefined> {
  return api(`/clients/${encodeURIComponent(clientId)}/connect-links/${encodeURIComponent(linkId)}`, { method: 'DELETE' });
}

export function useRevokeConnectLink(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => revokeConnectLink(clientId, linkId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: linkKeys(clientId) }),
  });
}
