import type { Platform } from '@shared/platforms';
import type { PinterestSettings } from '@shared/pinterest';
import type { TikTokSettings } from '@shared/tiktok';

/** One adapter per network behind this interface (docs/architecture.md#conventions: one adapter per platform): OAuth, profile, and publishing steps. */
export interface OAuthApp {
  readonly clientId: string;
  readonly clientSecret: string;
  /** Our callback: `${origin}/api/oauth/${platform}/callback`. */
  readonly redirectUri: string;
}

export type { TokenSet } from '../lib/token-set';
import type { TokenSet } from '../lib/token-set';
import type { PublishCheckpoint } from '../lib/publish-checkpoint';

/** An account the user can post as: the profile plus the token to post with. */
export interface ConnectedProfile {
  readonly accountId: string;
  readonly accountName: string;
  readonly pictureUrl?: string;
  readonly tokens: TokenSet;
}

/** What to do about a failed platform call. */
export type ErrorCategory = 'retry' | 'backoff' | 'reauth' | 'fix-input' | 'stop' | 'unknown-outcome';
// 'unknown-outcome': a non-idempotent create may or may not have happened and the platform offers
// no way to tell; the engine fails the target with "We couldn't confirm this post went out" rather
// than risk a second post (docs/platform-apis.md#avoiding-double-posts).

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
  /** Whether the flow uses PKCE (S256): X always; others per docs/platform-apis.md#comparison. */
  readonly usesPkce: boolean;
  authorizeUrl(input: { state: string; codeChallenge?: string }): string;
  /** Code → tokens (for Instagram: short → long-lived; for Facebook: the long-lived user token). */
  exchangeCode(input: { code: string; codeVerifier?: string; state?: string; iss?: string }): Promise<TokenSet>;
  /** New tokens; never drops a refresh token the platform did not replace. */
  refresh(tokens: TokenSet): Promise<TokenSet>;
  /** The profiles these tokens can post as (Facebook: one per granted Page, with Page tokens). */
  profiles(tokens: TokenSet): Promise<ConnectedProfile[]>;
  /**
   * Runs the next publishing step for one target. Throws PlatformError with a category
   * (retry / backoff with retryAfterSeconds / reauth / fix-input / stop / unknown-outcome) and a
   * plain-language message fit to show the user.
   */
  publishStep(context: PublishContext): Promise<PublishStepResult>;
}

/** A file to publish, readable by the platform through a short-lived presigned GET. */
export interface PublishMedia {
  readonly url: string;
  readonly mimeType: string;
  readonly sizeBytes: number;
  /** Fetches the bytes, for platforms we must upload to ourselves (YouTube, TikTok FILE_UPLOAD). */
  readonly open?: () => Promise<ReadableStream<Uint8Array> | Buffer>;
  /** TikTok photos: a signed URL under the prefix verified for our TikTok app; absent when photo posts are off. */
  readonly pullUrl?: string;
  /** The description written in Compose, for networks that take one (shared/alt-text.ts); absent when none. */
  readonly altText?: string;
}

/** One target of a post, as its adapter sees it. */
export interface PublishRequest {
  /** The platform's own id of the account (Page id, IG user id, X user id…). */
  readonly accountId: string;
  readonly accountName: string;
  readonly caption: string;
  /** YouTube: the title with " #shorts" already applied. LinkedIn: a document's title. */
  readonly title?: string;
  readonly settings: TikTokSettings & PinterestSettings & { readonly first_comment?: string | undefined; readonly thread?: readonly string[] | undefined };
  readonly media: readonly PublishMedia[];
}

/**
 * What an adapter remembers between steps: platform-specific and JSON-serialisable (container id,
 * publish_id, upload session URI + offset, "create attempted at"). Stored on the target BEFORE each
 * call that creates something public, so a redelivery resumes instead of repeating (docs/publishing.md#exactly-once).
 */
export type { PublishCheckpoint } from '../lib/publish-checkpoint';

export interface PublishContext {
  readonly tokens: TokenSet;
  readonly request: PublishRequest;
  /** The last saved checkpoint; null on the first step. */
  readonly checkpoint: PublishCheckpoint | null;
  /** Persists a checkpoint durably; awaited before the adapter makes the call it guards. */
  saveCheckpoint(checkpoint: PublishCheckpoint): Promise<void>;
  /**
   * Resolves at the post's due second. The engine starts a step a few seconds early so that reading
   * media, invisible uploads and checkpoints are done by then; an adapter awaits this right before
   * the first call that makes anything public (guardedCreate does). Absent: the time has come.
   */
  untilDue?(): Promise<void>;
  /**
   * Takes one use of a platform quota our whole app shares per day (YouTube's 100 videos.insert calls
   * per project), before the call that spends it. Absent: nothing is counted (unit tests).
   */
  claimDailyQuota?(bucket: DailyQuotaBucket): Promise<DailyQuotaClaim>;
}

/** Daily per-app platform quotas we count ourselves (functions/domain/platform-quotas.ts). */
export type DailyQuotaBucket = 'youtube.videos.insert';
export type DailyQuotaClaim = { readonly ok: true } | { readonly ok: false; readonly limit: number; readonly resetsAt: string };

/**
 * The outcome of one publish step. 'wait': the platform is processing (IG container, TikTok
 * status, YouTube processing); the engine comes back after `retryAfterSeconds` and calls again
 * with the saved checkpoint, never sleeping inside one invocation.
 */
export type PublishStepResult =
  | { readonly status: 'posted'; readonly platformPostId: string; readonly postUrl: string; readonly followUps?: FollowUps }
  | { readonly status: 'wait'; readonly retryAfterSeconds: number };
import type { FollowUps } from '@shared/follow-ups';

/** Injected so adapters are testable without a network (docs/architecture.md#conventions: inject time, ids and dependencies). */
export type Fetch = typeof fetch;

/** One post's counts as a platform reports them (null: the platform does not report that count). */
export type { PostMetrics } from '@shared/analytics';
import type { PostMetrics } from '@shared/analytics';

/**
 * What a metrics read found for one post id: its counts (with `postId`, the platform's own id for the
 * post when it gave one only after publishing, to be read by from then on), that the platform no longer
 * has the post, or that it reports no numbers for it (a private post).
 */
export type MetricsResult =
  | { readonly platformPostId: string; readonly status: 'ok'; readonly metrics: PostMetrics; readonly postId?: string }
  | { readonly platformPostId: string; readonly status: 'gone' }
  | { readonly platformPostId: string; readonly status: 'private' };

/**
 * Reads published posts' metrics (docs/analytics.md). Errors are PlatformErrors with the same
 * categories as publishing ('reauth' for an expired or revoked token, 'backoff' with retryAfterSeconds for
 * a rate limit, 'fix-input' when the grant lacks an analytics scope).
 */
export interface MetricsReader {
  /** The most post ids one `readMetrics` call takes (X 100, YouTube 50, TikTok 20; 1 where the API reads one post per call). */
  readonly metricsBatchSize: number;
  /** Scopes reading metrics needs; a connection granted without one shows "Reconnect to see analytics". */
  readonly analyticsScopes: readonly string[];
  /** One result per id asked for, in any order. `accountId` is the platform's own account id (Page id, IG user id…). */
  readMetrics(tokens: TokenSet, input: { readonly accountId: string; readonly platformPostIds: readonly string[] }): Promise<MetricsResult[]>;
}
