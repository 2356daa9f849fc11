/**
 * A connection's OAuth tokens, as the platform adapters return them and the token vault stores them
 * (functions/data/tokens.ts). One type for both sides, here in lib/ because data/ and platforms/ sit
 * side by side and may not import each other.
 */
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
