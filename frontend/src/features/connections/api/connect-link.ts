import { useQuery } from '@tanstack/react-query';
import { InitiateOAuthResponseSchema } from '@shared/accounts';
import { ConnectLinkPreviewSchema, ConnectLinkTokenSchema, type ConnectLinkPreview } from '@shared/connect-links';
import type { Platform } from '@shared/platforms';
import { api } from '@/lib/api-client';

/** What the public connect page shows: whose workspace asks, for which client, which networks (no sign-in). */
export function previewConnectLink(token: string): Promise<ConnectLinkPreview> {
  return api(`/connect-links/preview?token=${encodeURIComponent(token)}`, { auth: false, schema: ConnectLinkPreviewSchema });
}

export const connectLinkPreviewKey = (token: string) => ['connect-link-preview', token] as const;

export function useConnectLinkPreview(token: string) {
  // A malformed token is not worth a request: the page says the link is not valid.
  const valid = ConnectLinkTokenSchema.safeParse(token).success;
  return useQuery({ queryKey: connectLinkPreviewKey(token), queryFn: () => previewConnectLink(token), enabled: valid, retry: false });
}

/** Where to send the consent popup; the answer also sets the cookie that binds the connect to this browser. */
export async function startConnectLink(token: string, platform: Platform): Promise<string> {
  const { authUrl } = await api('/connect-links/start', { method: 'POST', auth: false, body: { token, platform }, schema: InitiateOAuthResponseSchema });
  return authUrl;
}
