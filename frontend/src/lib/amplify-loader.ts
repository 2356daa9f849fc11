/**
 * Amplify (~24 KB gzip) and the runtime config it needs (parsed with zod) are loaded on first use:
 * when a session may exist, or by the routes that sign in. A visitor of the landing with no stored
 * session loads neither.
 */
type AuthSessionModule = typeof import('./auth-session');

let loading: Promise<AuthSessionModule> | null = null;

export function loadAuthSession(): Promise<AuthSessionModule> {
  loading ??= (async () => {
    const [{ ensureRuntimeConfig }, { configureAmplify }, session] = await Promise.all([
      import('@/config/runtime-config'),
      import('./amplify'),
      import('./auth-session'),
    ]);
    await configureAmplify(await ensureRuntimeConfig());
    return session;
  })().catch((error: unknown) => {
    loading = null; // a failed download may succeed on the next attempt
    throw error;
  });
  return loading;
}

// Amplify keeps the user pool session in localStorage as CognitoIdentityServiceProvider.<client>.LastAuthUser.
const SESSION_KEY = /^CognitoIdentityServiceProvider\..+\.LastAuthUser$/;

/** False only when no session can exist: nothing stored and not returning from the hosted UI. */
export function mayHaveSession(): boolean {
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      if (SESSION_KEY.test(window.localStorage.key(i) ?? '')) return true;
    }
  } catch {
    return true; // storage unavailable: ask Amplify
  }
  const query = new URLSearchParams(window.location.search);
  return query.has('code') && query.has('state');
}
