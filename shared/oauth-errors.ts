import { PLATFORM_NAMES, type Platform } from './platforms';

/**
 * Plain words for the standard OAuth 2.0 error codes a platform's redirect or token endpoint can
 * carry (RFC 6749 §4.1.2.1 and §5.2, plus the OpenID Connect prompt errors): a user must never read
 * "access_denied". Used by the callback on the server and by the browser, which may still receive a
 * bare code (an old link, a platform redirecting straight to the app).
 */
const BY_CODE: Record<string, (name: string) => string> = {
  access_denied: (name) => `You cancelled the connection on ${name}.`,
  consent_required: (name) => `${name} needs your permission to connect. Please try again and allow access.`,
  interaction_required: (name) => `${name} needs your permission to connect. Please try again and allow access.`,
  login_required: (name) => `Please sign in to ${name} in the window that opens, then allow access.`,
  invalid_scope: (name) => `${name} refused the permissions we ask for. Please try again; if it keeps happening, contact support.`,
  insufficient_scope: (name) => `${name} refused the permissions we ask for. Please try again; if it keeps happening, contact support.`,
  server_error: (name) => `${name} had a problem on its side. Please try again in a few minutes.`,
  temporarily_unavailable: (name) => `${name} is busy or down for maintenance. Please try again in a few minutes.`,
  invalid_grant: (name) => `The connection to ${name} took too long or was already used. Please try again.`,
  unauthorized_client: (name) => `${name} is not accepting connections from this app right now. Please contact support.`,
  invalid_client: (name) => `${name} is not accepting connections from this app right now. Please contact support.`,
  unsupported_response_type: (name) => `${name} is not accepting connections from this app right now. Please contact support.`,
  unsupported_grant_type: (name) => `${name} is not accepting connections from this app right now. Please contact support.`,
  invalid_request: (name) => `${name} couldn't complete the connection. Please try again.`,
};

/** A bare code such as `access_denied`, as opposed to a sentence someone already wrote for people. */
export function isOAuthErrorCode(text: string): boolean {
  return /^[a-z][a-z0-9_]*$/.test(text.trim());
}

/** The message for an OAuth error code from `platform` (unknown codes get a generic "try again"). */
export function oauthErrorMessage(platform: Platform | undefined, code: string): string {
  const name = platform ? PLATFORM_NAMES[platform] : 'The platform';
  const message = BY_CODE[code.trim()];
  return message ? message(name) : `${name} couldn't complete the connection. Please try again.`;
}
