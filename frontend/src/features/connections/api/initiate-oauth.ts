import type { Platform } from '@shared/platforms';
import { api } from '@/lib/api-client';

/**
 * Where to send the connect popup. A plain function, not a mutation hook: the connect flow
 * (hooks/use-connect-account.ts) owns the popup's whole life, including this call's failure.
 */
export async function initiateOAuth(platform: Platform): Promise<string> {
  const { authUrl } = await api(`/accounts/${encodeURIComponent(platform)}/oauth/initiate`, {
    method: 'POST',
    schema: () => import('@shared/accounts').then((m) => m.InitiateOAuthResponseSchema),
  });
  return authUrl;
}
