import type { Plan } from '@shared/plans';
import type { Platform } from '@shared/platforms';
import type { LoadedConnection } from '../domain/connections';
import type { WorkspaceNotice } from '../domain/notifications';
import type { Deps } from '../lib/clock';
import type { DailyQuotaBucket, DailyQuotaClaim, PlatformAdapter, PublishCheckpoint, TokenSet } from '../platforms/types';
import type { DispatchInput, EnginePost, PublishMessage, TargetOutcome, TargetRef } from './model';

/**
 * The publishing engine's ports (docs/publishing.md#the-pipeline): what dispatch, the publish steps, the watchdog and the
 * dead letters need from the world. The use cases import no SDK; the AWS adapters (adapters/: the
 * table, SQS, EventBridge Scheduler) and the rest of the product (tokens, plans, notifications,
 * analytics) are plugged in by wiring.ts alone, and the unit tests
 * (test/unit/functions/publishing-engine*.test.ts) give it an in-memory store, a fake queue and
 * scheduler and a fake clock.
 */

/**
 * The post item, where the engine's guarantees live: each write is conditional and returns what
 * tells the engine it lost (false, null, or LeaseLostError from saveCheckpoint).
 */
export interface EngineStore {
  getPost(userId: string, postId: string): Promise<EnginePost | null>;
  /** The post and whether its account's deletion has begun (it publishes nothing from then on), in one request. */
  getPostAndUserClosed(userId: string, postId: string): Promise<{ post: EnginePost | null; userClosed: boolean }>;
  /** scheduled → queued for this version; false when the post moved on. */
  markQueued(userId: string, post: EnginePost, now: Date): Promise<boolean>;
  /** false when the post is not this open version, the target is settled, or another unexpired lease holds it. */
  takeLease(lease: TargetRef & { owner: string }, now: Date, leaseMs: number): Promise<boolean>;
  /** Throws LeaseLostError when the lease is no longer the caller's. */
  saveCheckpoint(lease: TargetRef & { owner: string }, checkpoint: PublishCheckpoint): Promise<void>;
  releaseLease(lease: TargetRef & { owner: string }): Promise<void>;
  /** The post after the write (its `rev` bumped), or null when the target was settled already or the lease lost. */
  settleTarget(ref: TargetRef, outcome: TargetOutcome, now: Date): Promise<EnginePost | null>;
  /** Lands only when `post.rev` is still current and the post still open. */
  settlePost(
    userId: string,
    post: EnginePost,
    derived: { status: 'posted' | 'failed'; publishedAt: string | null; errorMessage: string | null },
    now: Date,
  ): Promise<boolean>;
  /** true for the first caller only, while the post is open. */
  markWatchdogRedispatch(userId: string, postId: string, now: Date): Promise<boolean>;
  listOpenPostsDueBefore(cutoff: Date): Promise<{ userId: string; postId: string }[]>;
}

/** The platforms' publishing queues: `delaySeconds` as computed (the queue caps and rounds it its own way). */
export interface PublishQueue {
  send(platform: Platform, message: PublishMessage, delaySeconds: number): Promise<void>;
}

/** One-shot schedules that hand a post to the dispatcher at `at`. */
export interface DispatchScheduler {
  /** Creates the schedule `name`, or moves it to this time and input. */
  put(schedule: { name: string; at: Date; input: DispatchInput }): Promise<void>;
  /** Deletes it; none to delete is done. */
  remove(name: string): Promise<void>;
}

/** Deployment settings (functions/lib/env.ts), in milliseconds. */
export interface EngineSettings {
  /** Messages are due this long before their time, so the publisher can prepare. */
  leadMs: number;
  /** Transient failures retry until this long after the due time; the watchdog looks after it. */
  retryWindowMs: number;
  /** Local cloud: the bookkeeping after a publish is spread over this long (0 on AWS). */
  settleSpreadMs: number;
}

/**
 * Each entry point takes only the ports it calls, and each handler is given an object built from
 * those only: what a function's bundle can reach is what infra grants it (functions/routes.ts `needs`).
 */

/** Dispatch: the post item, the publishing queues and the lead time. */
export interface DispatchEngine extends Deps {
  store: EngineStore;
  queue: PublishQueue;
  settings: () => EngineSettings;
}

/** Keeping a post's schedule in step (the posts API): dispatch, plus the schedules. */
export interface ScheduleEngine extends DispatchEngine {
  scheduler: DispatchScheduler;
}

/** Settling a target and telling the user: all the dead letters need. */
export interface SettleEngine extends Deps {
  store: EngineStore;
  /** Tells the people the recipients table names for the outcome (docs/workspaces.md#notices). */
  notify(workspaceId: string, notice: WorkspaceNotice, deps: Deps): Promise<unknown>;
  /** Records a settled target (post after the settle, target index) for analytics (docs/analytics.md); a failure is logged, never the engine's. */
  recordOutcome?(userId: string, post: EnginePost, index: number, deps: Deps): Promise<void>;
  /** Tells the workspace's webhook endpoints a post settled (docs/webhooks.md); never fails or delays the engine. */
  emitEvent?(workspaceId: string, type: 'post.published' | 'post.failed' | 'post.partially_failed', data: Record<string, unknown>): Promise<void>;
  /** Keeps the post's settled outcome in its activity history (docs/approvals.md#history); a failure is logged, never the engine's. */
  recordActivity?(userId: string, postId: string, outcome: 'posted' | 'failed', deps: Deps): Promise<void>;
}

/** The watchdog: dispatches a stuck post again, or settles it. */
export interface WatchdogEngine extends DispatchEngine, SettleEngine {}

/**
 * What a delivery reads before it takes the lease, in one request: the post, whether the account's
 * deletion has begun, and (when the message names the target's social account) the plan and the
 * connection. Absent, the step reads them itself (currentPlan, withFreshTokens).
 */
export interface DeliveryReads {
  post: EnginePost | null;
  userClosed: boolean;
  plan?: Plan;
  connection?: LoadedConnection;
}

/** The publish step: the watchdog's ports, the media, the tokens and adapters, the plan and the quotas. */
export interface PublishEngine extends WatchdogEngine {
  /** The delivery's first read (DeliveryReads); `socialAccountId` as the message names it. */
  readDelivery(userId: string, postId: string, socialAccountId: string | undefined, now: Date): Promise<DeliveryReads>;
  media: {
    url(path: string): Promise<string>;
    read(path: string): Promise<Buffer>;
    /** A signed URL TikTok can pull the object from, or null when photo posts are off (docs/tiktok.md#photo-posts). */
    pullUrl?(path: string, now: Date): Promise<string | null>;
  };
  /** Runs `fn` with the social account's fresh tokens and its platform's adapter; `loaded`: the connection as readDelivery read it. */
  withFreshTokens<T>(
    userId: string,
    socialAccountId: string,
    fn: (tokens: TokenSet, adapter: PlatformAdapter) => Promise<T>,
    deps: Deps,
    options?: { loaded?: LoadedConnection },
  ): Promise<T>;
  currentPlan(userId: string, now: Date): Promise<Plan>;
  claimDailyQuota(bucket: DailyQuotaBucket, now: Date): Promise<DailyQuotaClaim>;
  sleep(ms: number): Promise<void>;
  /** Jitter (backoff, settle spread). */
  random(): number;
}
