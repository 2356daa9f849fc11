import { isOAuthErrorCode, oauthErrorMessage } from '@shared/oauth-errors';
import { isPlatform, PLATFORM_LABELS, type Platform } from '@shared/platforms';
import { toaster } from '@/components/ui/toaster';
import { connectedMessage, OAUTH_FALLBACK, OAUTH_RESULT_STORAGE_KEY, OAUTH_TOASTS, type OAuthMessage } from './oauth-messages';

/** The query the backend's callback sends the popup back with (and /connections receives). */
export interface ConnectionResult {
  status: string | null;
  provider: Platform | undefined;
  msg: string | null;
  error: string | null;
}

export function readConnectionResult(params: URLSearchParams): ConnectionResult {
  const provider = params.get('provider');
  const platform = provider && isPlatform(provider) ? provider : undefined;
  const error = params.get('error');
  return {
    status: params.get('status'),
    provider: platform,
    msg: params.get('msg'),
    // Our callback sends sentences; a bare OAuth code (access_denied…) is put in plain words here.
    error: error && isOAuthErrorCode(error) ? oauthErrorMessage(platform, error) : error,
  };
}

export function hasConnectionResult(result: ConnectionResult): boolean {
  return Boolean(result.status || result.error || result.msg);
}

/** What the callback page tells its opener: an error parameter wins over status=ok. */
export function toOAuthMessage(result: ConnectionResult): OAuthMessage {
  if (result.error) return { type: 'oauth-error', provider: result.provider, message: result.error };
  if (result.status === 'ok') return { type: 'oauth-success', provider: result.provider };
  return { type: 'oauth-error', provider: result.provider, message: result.msg ?? OAUTH_FALLBACK.auth };
}

export function showConnectionResult(result: ConnectionResult): void {
  if (result.error) {
    toaster.error({ title: OAUTH_TOASTS.failed, description: result.error });
  } else if (result.status === 'ok') {
    const label = result.provider ? PLATFORM_LABELS[result.provider] : 'Your';
    toaster.success({ title: OAUTH_TOASTS.success, description: connectedMessage(label) });
  } else if (result.msg) {
    toaster.info({ title: result.msg });
  }
}

/** Without an opener the callback leaves its result here for the next page that looks. */
export function storeConnectionResult(result: ConnectionResult): void {
  try {
    window.localStorage.setItem(OAUTH_RESULT_STORAGE_KEY, JSON.stringify({ ...result, at: new Date().toISOString() }));
  } catch {
    // Storage full or disabled: the query string still carries the result.
  }
}

export function clearStoredConnectionResult(): void {
  try {
    window.localStorage.removeItem(OAUTH_RESULT_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

/**
 * A connect started from a client connect link: where its callback page goes back to when the popup
 * lost its opener (a platform page's Cross-Origin-Opener-Policy severs it). The client has no
 * session, so /connections would only send them away. Kept a quarter of an hour: an OAuth state
 * lives ten minutes.
 */
const CONNECT_LINK_RETURN_KEY = 'connect_link_return';
const CONNECT_LINK_RETURN_MS = 15 * 60 * 1000;

export function rememberConnectLink(token: string): void {
  try {
    window.localStorage.setItem(CONNECT_LINK_RETURN_KEY, JSON.stringify({ token, at: Date.now() }));
  } catch {
    // Storage disabled: without an opener the result then shows on /connections.
  }
}

/** The connect link to return to (forgotten as it is read), or null. */
export function takeConnectLinkReturn(): string | null {
  try {
    const raw = window.localStorage.getItem(CONNECT_LINK_RETURN_KEY);
    window.localStorage.removeItem(CONNECT_LINK_RETURN_KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as { token?: unknown; at?: unknown };
    const fresh = typeof saved.at === 'number' && Date.now() - saved.at < CONNECT_LINK_RETURN_MS;
    return fresh && typeof saved.token === 'string' ? saved.token : null;
  } catch {
    return null;
  }
}
