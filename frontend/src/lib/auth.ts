import { createContext, useContext } from 'react';

/** The signed-in Cognito user as the UI needs it. */
export interface AuthUser {
  sub: string;
  email: string | null;
}

export interface AuthState {
  /** True until the first session check has finished (docs/product-rules.md#authentication-state). */
  loading: boolean;
  user: AuthUser | null;
  /** True after the user signed out here, so guards send them to /auth rather than the landing. */
  signedOutByUser: boolean;
  /** True when this browser was signed out because the session ended elsewhere (the API said SESSION_ENDED). */
  sessionEnded: boolean;
  signOut: () => Promise<void>;
  /** Re-reads the session now (e.g. right after sign-in, before navigating into /home). */
  refresh: () => Promise<AuthUser | null>;
}

/** Provided by app/auth-provider.tsx; lives here so features can read it without importing app/. */
export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
