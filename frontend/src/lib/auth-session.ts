import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import type { AuthUser } from './auth';

/** The Cognito session as the UI needs it; an unreadable or expired session is a signed-out visitor. */
export async function readUser(): Promise<AuthUser | null> {
  try {
    const { tokens } = await fetchAuthSession();
    if (!tokens?.accessToken) return null;
    const idPayload = tokens.idToken?.payload;
    const sub = String(idPayload?.sub ?? tokens.accessToken.payload.sub ?? '');
    const email = typeof idPayload?.email === 'string' ? idPayload.email : null;
    return { sub, email };
  } catch {
    return null;
  }
}

/** The bearer token for our API, or null when signed out. Amplify refreshes it when it is about to expire. */
export async function readAccessToken(): Promise<string | null> {
  const { tokens } = await fetchAuthSession();
  return tokens?.accessToken?.toString() ?? null;
}

/** Every Amplify auth event (signedIn, signedOut, tokenRefresh, signInWithRedirect, …). */
export function listenToAuthEvents(onEvent: () => void): () => void {
  return Hub.listen('auth', onEvent);
}

export { signOut };
