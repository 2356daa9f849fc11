/**
 * "This session has ended elsewhere": the API answered SESSION_ENDED (a password change or reset,
 * "sign out everywhere" or the account's deletion in another browser). The API client reports it;
 * the auth provider listens, signs this browser out and sends it to the sign-in page with a plain
 * message, instead of every page showing its own load error.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export const SESSION_ENDED_CODE = 'SESSION_ENDED';

export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function reportSessionEnded(): void {
  for (const listener of [...listeners]) listener();
}
