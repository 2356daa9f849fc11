import type { PlanId } from '../plans';

/**
 * What the product knows about one network before any call to it: the facts shared/ turns into the
 * tables the rest of the code reads (shared/platforms.ts, plans.ts, follow-ups.ts, platform-limits.ts).
 * One file per network in this folder, listed once in shared/networks/index.ts.
 */
export interface NetworkDescriptor {
  /** The id stored on accounts and posts, and the name of the network's queue. */
  readonly id: string;
  /** What the app shows ("X (Twitter)"). */
  readonly label: string;
  /** The short name messages use ("X caption exceeds limit…"). */
  readonly name: string;
  /** The most a caption may hold, counted as `captionCount` says. */
  readonly captionLimit: number;
  /**
   * How the network counts a caption: `x-weighted` by twitter-text's weights, `graphemes` as a reader
   * sees characters, `code-points` otherwise.
   */
  readonly captionCount: 'code-points' | 'graphemes' | 'x-weighted';
  /** The cheapest plan that connects and publishes to it (docs/product-rules.md#plans-and-limits). */
  readonly plan: PlanId;
  /**
   * Where it takes a first comment: the most characters one holds, the grant's scopes it needs (all
   * of them), and what compose calls it: a `reply` where the network's own app does (X, Threads), a
   * `comment` otherwise.
   */
  readonly firstComment?: { readonly limit: number; readonly scopes: readonly string[]; readonly shownAs: 'comment' | 'reply' };
  /** Whether a post can go out as a thread: further parts, each a reply to the one before. */
  readonly thread?: boolean;
  /** Its line in the analytics charts: a palette token or its brand's hex, in its brand's hue where that reads on both themes. */
  readonly seriesColor: string;
  /** A posting cap known at scheduling time (shared/platform-limits.ts says what the fields mean). */
  readonly postingLimit?: {
    readonly cap: number;
    readonly window: 'rolling-24h' | 'rolling-3h' | 'pacific-day';
    readonly windowMs: number;
    readonly scope: 'account' | 'project';
    /** Where the number comes from (official pages). */
    readonly source: string;
  };
}

/** Keeps the descriptor's literal types (its id above all), so the list can name the Platform type. */
export function defineNetwork<const D extends NetworkDescriptor>(descriptor: D): D {
  return descriptor;
}

export const HOUR_MS = 3_600_000;
