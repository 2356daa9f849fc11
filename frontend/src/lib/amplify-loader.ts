import { getRuntimeConfig } from '@/config/runtime-config';

/**
 * Amplify is ~24 KB gzip the landing page does not need for a visitor who never signed in, so it
 * is configured and loaded on first use: when a session may exist, or by the routes that sign in.
 */
type AuthSessionModule = typeof import('./auth-session');

let loading: Promise<AuthSessionModule> | null = null;

export function loadAuthSession(): Promise<AuthSessionModule> {
  loading ??= (async () => {
    const [{ configureAmplify }, session] = await Promise.all([import('./amplify'), import('./auth-session')]);
    await configureAmplify(getRuntimeConfig());
    return session;
  })().catch((error: unknown) => {
    loading = null; // a failed chunk download may succeed on the next attempt
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
