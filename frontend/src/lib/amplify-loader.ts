import type { StoredSession } from './stored-session';

/**
 * Amplify (~25 KB gzip) and the runtime config it needs are loaded on first use: by the routes that
 * sign in, by a session that needs refreshing, by sign-out, and by the signed-in shell once its page
 * has painted. A stored session that is still fresh is read without it (lib/stored-session.ts), so a
 * signed-in page's first paint does not wait for Amplify; a visitor of the landing with no stored
 * session loads neither.
 */
type AuthSessionModule = typeof import('./auth-session');

let loading: Promise<AuthSessionModule> | null = null;
let loaded: AuthSessionModule | null = null;
const onLoad = new Set<(session: AuthSessionModule) => void>();

export function loadAuthSession(): Promise<AuthSessionModule> {
  loading ??= (async () => {
    const [{ ensureRuntimeConfig }, { configureAmplify }, session] = await Promise.all([
      import('@/config/runtime-config'),
      import('./amplify'),
      import('./auth-session'),
    ]);
    await configureAmplify(await ensureRuntimeConfig());
    loaded = session;
    for (const listener of onLoad) listener(session);
    return session;
  })().catch((error: unknown) => {
    loading = null; // a failed download may succeed on the next attempt
    throw error;
  });
  return loading;
}

/** Calls `listener` once Amplify is loaded and configured (at once if it is); returns the unsubscribe. */
export function whenAuthSessionLoaded(listener: (session: AuthSessionModule) => void): () => void {
  if (loaded) listener(loaded);
  else onLoad.add(listener);
  return () => void onLoad.delete(listener);
}

/**
 * The session Amplify stored, while Amplify itself is not loaded yet and the session needs nothing of
 * it (no refresh, no return from the hosted UI); null means: ask Amplify.
 */
export async function storedSessionBeforeAmplify(): Promise<StoredSession | null> {
  if (loaded || returningFromHostedUi()) return null;
  const [{ ensureRuntimeConfig }, { readStoredSession }] = await Promise.all([import('@/config/runtime-config'), import('./stored-session')]);
  return readStoredSession((await ensureRuntimeConfig()).userPoolClientId);
}

/** The bearer token for our API, or null when signed out; Amplify refreshes one that is about to expire. */
export async function readAccessToken(): Promise<string | null> {
  const stored = await storedSessionBeforeAmplify();
  if (stored) return stored.accessToken;
  return (await loadAuthSession()).readAccessToken();
}

// Amplify keeps the user pool session in localStorage as CognitoIdentityServiceProvider.<client>.LastAuthUser.
const SESSION_KEY = /^CognitoIdentityServiceProvider\..+\.LastAuthUser$/;

function returningFromHostedUi(): boolean {
  const query = new URLSearchParams(window.location.search);
  return query.has('code') && query.has('state');
}

/** False only when no session can exist: nothing stored and not returning from the hosted UI. */
export function mayHaveSession(): boolean {
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      if (SESSION_KEY.test(window.localStorage.key(i) ?? '')) return true;
    }
  } catch {
    return true; // storage unavailable: ask Amplify
  }
  return returningFromHostedUi();
}
