import type { Platform } from '@shared/platforms';

/** A connection as the profile link needs it (the spec's account_id and account_name). */
export interface ProfileConnection {
  readonly platform: Platform;
  /** The platform's own id of the account (Page id, channel id, …). */
  readonly account_id: string;
  /** As the adapter stored it: `@handle` where the platform has handles, else a display name. */
  readonly account_name: string;
}

/**
 * What the server knows about one network without calling it: where its calls go, how its profile
 * pages are addressed, and what a grant must hold. Plain data and pure functions only: every handler
 * that links a profile or resolves a host reads these, so nothing here may pull in an adapter (those
 * are registered in registry.ts and metrics.ts, which only the code that calls networks reaches).
 */
export interface ServerNetwork {
  readonly id: Platform;
  /**
   * The real hosts its OAuth and API calls go to (docs/platform-apis.md), by the key the adapter
   * uses. The sandbox serves each at `${sandboxUrl}/${platform}/${key}` (functions/platforms/hosts.ts).
   */
  readonly hosts: Readonly<Record<string, string>>;
  /**
   * The public profile page of a connected account on `www` (its www host: the real one on AWS, the
   * sandbox's locally), or null where the account's address cannot be known. `id` and `handle` come
   * URL-encoded; `handle` without its leading `@`.
   */
  readonly profileUrl: (www: string, account: ProfileConnection, encoded: { readonly id: string; readonly handle: string }) => string | null;
  /** Any one of these granted scopes lets the adapter publish (docs/platform-apis.md). */
  readonly publishPermissions: readonly string[];
  /** The scopes a grant needs, all of them, for its metrics reader to read its posts (docs/analytics.md). */
  readonly analyticsScopes: readonly string[];
  /**
   * How many post ids one metrics read takes: what the analytics sweep puts in one message. Known
   * without credentials, so the sweep never needs the app's secrets; a unit test holds each reader to it.
   */
  readonly metricsBatch: number;
  /**
   * Whether its tokens come with a refresh token: what expiry rows written before
   * `connectionExpiresAt` existed fall back to (functions/domain/connection-health.ts).
   */
  readonly refreshable: boolean;
}

/** Keeps the literal types (the id, the host keys), so the tables built from the list stay exact per network. */
export function defineServerNetwork<const D extends ServerNetwork>(network: D): D {
  return network;
}
