/**
 * Redirect URIs on a plain-http origin (the local cloud). Apart from bluesky-oauth.ts, which loads
 * the atproto OAuth client, so that code asking for a redirect URI does not bundle it.
 */

/** Whether the redirect URI is on a plain-http origin (the local cloud). */
export const isLocalOrigin = (redirectUri: string) => new URL(redirectUri).protocol === 'http:';

/**
 * The atproto loopback client (atproto.com/specs/oauth, "localhost client development"): its
 * redirect URI must name 127.0.0.1 or [::1], never `localhost` (the reference server refuses it,
 * RFC 8252 §8.3). The local cloud serves the same app on both names.
 */
export function loopbackRedirect(redirectUri: string): string {
  const url = new URL(redirectUri);
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  return url.href;
}
