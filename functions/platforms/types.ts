import type { Platform } from '@shared/platforms';

/** One adapter per network behind this interface (STYLE: Platforms). Publishing steps come later. */
export interface OAuthApp {
  readonly clientId: string;
  readonly clientSecret: string;
  /** Our callback: `${origin}/api/oauth/${platform}/callback`. */
  readonly redirectUri: string;
}

export interface TokenSet {
  readonly accessToken: string;
  /** Absent where the platform has none (Instagram refreshes the access token itself; Facebook Page tokens). */
  readonly refreshToken?: string;
  /** ISO time; null when the token does not expire (Facebook Page tokens). */
  readonly expiresAt: string | null;
  /** When the platform issued the access token (ISO); absent on tokens stored before it was recorded. */
  readonly issuedAt?: string;
  readonly refreshExpiresAt?: string | null;
  readonly scopes?: readonly string[];
}

/** An account the user can post as: the profile plus the token to post with. */
export interface ConnectedAccount {
  readonly accountId: string;
  readonly accountName: string;
  readonly pictureUrl?: string;
  readonly tokens: TokenSet;
}

/** What to do about a failed platform call. */
export type ErrorCategory = 'retry' | 'backoff' | 'reauth' | 'fix-input' | 'stop';

export class PlatformError extends Error {
  constructor(
    readonly platform: Platform,
    readonly category: ErrorCategory,
    message: string,
    readonly details: { status?: number; code?: string | number; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}

export interface PlatformAdapter {
  readonly platform: Platform;
  /** Whether the flow uses PKCE (S256): X always; others per platform-apis.md. */
  readonly usesPkce: boolean;
  authorizeUrl(input: { state: string; codeChallenge?: string }): string;
  /** Code → tokens (for Instagram: short → long-lived; for Facebook: the long-lived user token). */
  exchangeCode(input: { code: string; codeVerifier?: string }): Promise<TokenSet>;
  /** New tokens; never drops a refresh token the platform did not replace. */
  refresh(tokens: TokenSet): Promise<TokenSet>;
  /** The accounts these tokens can post as (Facebook: one per granted Page, with Page tokens). */
  accounts(tokens: TokenSet): Promise<ConnectedAccount[]>;
}

/** Injected so adapters are testable without a network (STYLE habit 4). */
export type Fetch = typeof fetch;
