/**
 * An invitation a signed-out visitor set out to accept: the invitation page keeps its token here
 * when it sends them to sign in or sign up, so that wherever that path leads (sign-up, the
 * verification link opened in another tab, then sign-in) they come back to the invitation.
 * Kept for a day at most: an old visit must not steer a later sign-in.
 */
const KEY = 'sa.pendingInvite';
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

export function rememberPendingInvite(token: string, now = Date.now()): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ token, at: now }));
  } catch {
    // Storage refused: the ?invite= parameter of the sign-in link still brings them back on the direct path.
  }
}

export function forgetPendingInvite(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** The pending invitation's token (and forgets it), or null. */
export function takePendingInvite(now = Date.now()): string | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    window.localStorage.removeItem(KEY);
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { token, at } = value as { token?: unknown; at?: unknown };
    if (typeof token !== 'string' || typeof at !== 'number' || now - at > MAX_AGE_MS) return null;
    return token;
  } catch {
    return null;
  }
}
