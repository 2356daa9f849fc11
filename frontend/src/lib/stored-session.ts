import type { AuthUser } from './auth';

/**
 * The user pool session as Amplify keeps it in localStorage (its TokenStore: `<prefix>.<client id>.LastAuthUser`
 * names the user, `<prefix>.<client id>.<user>.accessToken|idToken|clockDrift` hold the tokens), read without
 * loading Amplify (~25 KB gzip): a signed-in page renders before Amplify has downloaded. Amplify remains the
 * only writer; whatever this cannot vouch for (no token, a token about to expire, anything unreadable) is
 * null, and the caller asks Amplify, which refreshes or signs out.
 */
const PREFIX = 'CognitoIdentityServiceProvider';
/** Amplify refreshes a token this close to its expiry (isTokenExpired's tolerance); such a token is not used here. */
const EXPIRY_TOLERANCE_MS = 5000;

export interface StoredSession {
  user: AuthUser;
  /** The bearer token for our API, valid for at least EXPIRY_TOLERANCE_MS more. */
  accessToken: string;
}

/** A JWT's payload, decoded as Amplify's decodeJWT does (no signature check: the API checks the token). */
function payloadOf(jwt: string): Record<string, unknown> | null {
  const part = jwt.split('.')[1];
  if (!part) return null;
  try {
    const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function readStoredSession(clientId: string, storage: Storage = window.localStorage, now = Date.now()): StoredSession | null {
  try {
    const username = storage.getItem(`${PREFIX}.${clientId}.LastAuthUser`);
    if (!username) return null;
    const item = (name: string) => storage.getItem(`${PREFIX}.${clientId}.${username}.${name}`);
    const accessToken = item('accessToken');
    const idToken = item('idToken');
    if (!accessToken) return null;
    const access = payloadOf(accessToken);
    const id = idToken ? payloadOf(idToken) : null;
    if (!access || (idToken && !id)) return null;
    const clockDrift = Number.parseInt(item('clockDrift') ?? '0', 10) || 0;
    const fresh = (payload: Record<string, unknown>) => typeof payload.exp === 'number' && now + clockDrift + EXPIRY_TOLERANCE_MS <= payload.exp * 1000;
    if (!fresh(access) || (id && !fresh(id))) return null;
    const sub = String(id?.sub ?? access.sub ?? '');
    if (!sub) return null;
    return { user: { sub, email: typeof id?.email === 'string' ? id.email : null }, accessToken };
  } catch {
    return null; // storage unavailable: Amplify decides
  }
}
