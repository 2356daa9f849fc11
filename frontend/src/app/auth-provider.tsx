import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { loadAuthSession, mayHaveSession, storedSessionBeforeAmplify, whenAuthSessionLoaded } from '@/lib/amplify-loader';
import { AuthContext, type AuthState, type AuthUser } from '@/lib/auth';
import { setWorkspacePerson } from '@/lib/current-workspace';
import { onSessionEnded } from '@/lib/session-ended';

/**
 * The Cognito session as React state: read at start and again on every Amplify auth event (docs/product-rules.md#authentication-state).
 * A visitor with no stored session resolves at once, without loading Amplify; a fresh stored session is
 * read without Amplify too (lib/stored-session.ts), whose events are listened to once something loads it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [loading, setLoading] = useState(mayHaveSession);
  const [user, setUser] = useState<AuthUser | null>(null);
  const [signedOutByUser, setSignedOutByUser] = useState(false);
  const [sessionEnded, setSessionEnded] = useState(false);
  // Several events can arrive together (signedIn, tokenRefresh): only the newest read may win.
  const readSeq = useRef(0);
  const unlisten = useRef<(() => void) | null>(null);
  const mounted = useRef(false);

  const refresh = useCallback(() => {
    // A named function so the auth-event listener can call it again (a hook may not read itself while declared).
    async function read(): Promise<AuthUser | null> {
      const seq = ++readSeq.current;
      const stored = await storedSessionBeforeAmplify();
      const next = stored ? stored.user : await (await loadAuthSession()).readUser();
      if (seq === readSeq.current) {
        // Before anything renders for this person, so their first request already names their workspace.
        setWorkspacePerson(next?.sub ?? null);
        // What this read reveals (the whole signed-in shell and page, on a first load) renders as a
        // transition, like the first render (main.tsx): React yields to the browser while it renders.
        startTransition(() => {
          setUser((prev) => (prev?.sub === next?.sub && prev?.email === next?.email ? prev : next));
          if (next) {
            setSignedOutByUser(false);
            setSessionEnded(false);
          }
          setLoading(false);
        });
      }
      return next;
    }
    return read();
  }, []);

  useEffect(() => {
    mounted.current = true;
    // Amplify's events (sign-in, sign-out, token refresh) exist only once it is loaded, by whichever code needs it.
    const stopWaiting = whenAuthSessionLoaded((session) => {
      if (mounted.current && !unlisten.current) unlisten.current = session.listenToAuthEvents(() => void refresh());
    });
    if (mayHaveSession()) {
      refresh().catch((error: unknown) => {
        console.error('Could not read the session', error);
        setLoading(false);
      });
    }
    return () => {
      mounted.current = false;
      stopWaiting();
      unlisten.current?.();
      unlisten.current = null;
    };
  }, [refresh]);

  const signOut = useCallback(async () => {
    try {
      const session = await loadAuthSession();
      await session.signOut();
    } finally {
      readSeq.current++;
      setWorkspacePerson(null);
      setSignedOutByUser(true);
      setUser(null);
      setLoading(false);
    }
  }, []);

  // The session ended elsewhere: the tokens kept here are refused, so drop them (a reload would
  // otherwise come back to the same refused session) and let the guard show the sign-in page.
  useEffect(
    () =>
      onSessionEnded(() => {
        setSessionEnded(true);
        signOut().catch((error: unknown) => console.error('Could not sign out', error));
      }),
    [signOut],
  );

  const value = useMemo<AuthState>(
    () => ({ loading, user, signedOutByUser, sessionEnded, signOut, refresh }),
    [loading, user, signedOutByUser, sessionEnded, signOut, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
