import * as z from 'zod';
import { COLLECTION_OFFSETS_SECONDS, engagementsOf, type CollectionStatus, type PostMetrics, type TargetMetrics } from '@shared/analytics';
import { PLATFORMS, type Platform } from '@shared/platforms';
import { tiktokReportsNumbers } from '@shared/tiktok';
import { emptyRollup, type AppliedReading, type DueTracker, type OutcomeCount, type StoredRollup } from '../data/analytics';
import { TOP_PER_ROLLUP, type SnapshotItem, type TrackerItem } from '../data/analytics-items';
import { clientRollupSk, rollupSk } from '../data/keys';
import type { EnginePost } from '../publishing/model';
import type { Deps } from '../lib/clock';
import { NotFoundError } from '../lib/errors';
import { logger } from '../lib/logger';
import { PlatformError, type MetricsResult } from '../platforms/types';

/**
 * Analytics collection (docs/analytics.md): a published target gets a tracker and counts in
 * its day's rollups; a 15-minute sweep queues the trackers that are due, in batches per connection;
 * the collector reads the platform and adds each reading into the rollups exactly once.
 *
 * Exactly once without transactions (dynalite has none): each rollup item keeps, per post, what it
 * has counted of it (`applied`). An outcome is added in one write conditioned on its mark being
 * absent (countOutcome); a reading is a read-modify-write conditioned on the rollup's `rev`, which
 * every write moves. A reading adds only its difference from what that rollup already holds of the
 * post, so a redelivered batch, two collectors at once, or a crash between writes never counts twice
 * and the next reading catches up whatever a crash left out.
 */

// ---------------------------------------------------------------------------------------------
// Contracts

export { emptyRollup, type AppliedReading, type DueTracker, type OutcomeCount, type StoredRollup };

export const CollectMessageSchema = z.object({
  userId: z.string().min(1),
  socialAccountId: z.string().min(1),
  accountId: z.string().min(1),
  platform: z.enum(PLATFORMS),
  postIds: z.array(z.string().min(1)).min(1).max(100),
  /** The sweep's "now": the trackers due by then are collected; one collected since (a redelivery) is left alone. */
  asOf: z.iso.datetime(),
});
export type CollectMessage = z.infer<typeof CollectMessageSchema>;

/** The table as collection sees it (functions/data/analytics.ts; an in-memory one in the unit tests). */
export interface AnalyticsStore {
  timezoneOf(userId: string): Promise<string | null>;
  /** Conditional put: false when the tracker exists already (a redelivered outcome). */
  createTracker(tracker: TrackerItem): Promise<boolean>;
  getTracker(userId: string, postId: string, platform: Platform): Promise<TrackerItem | null>;
  /** Replaces the tracker (and its index entry) only if it is still `before` (step, failures, collectedAt, status). */
  replaceTracker(before: TrackerItem, after: TrackerItem): Promise<boolean>;
  /**
   * Read-modify-write of one rollup item: `change` gets the item as stored (a fresh one when absent)
   * and returns it changed, or null for nothing to write. Retries when another write came between.
   */
  updateRollup(userId: string, sk: string, base: { day: string; platform: Platform }, change: (rollup: StoredRollup) => StoredRollup | null): Promise<void>;
  /**
   * Counts a target's outcome in one rollup once (as withOutcome does): a second call for the same
   * post and outcome adds nothing. One write where the rollup and its hour cell exist already.
   */
  countOutcome(userId: string, sk: string, base: { day: string; platform: Platform }, count: OutcomeCount): Promise<void>;
  /** The user's timezone and the day a failure of this target was counted (null: none), read together. */
  outcomeContext(userId: string, postId: string, platform: Platform): Promise<{ timeZone: string | null; failedDay: string | null }>;
  putSnapshot(userId: string, snapshot: SnapshotItem): Promise<void>;
  /** The post's target on `platform` gets `metrics`; nothing else of the post changes. No post, no write. */
  setTargetMetrics(userId: string, postId: string, platform: Platform, metrics: TargetMetrics): Promise<void>;
  /** The day whose rollups counted the target as failed (so a Retry that publishes it can take that back). */
  putFailureDay(userId: string, postId: string, platform: Platform, day: string): Promise<void>;
  failureDayOf(userId: string, postId: string, platform: Platform): Promise<string | null>;
  forgetFailureDay(userId: string, postId: string, platform: Platform): Promise<void>;
  /** Due trackers (gsi2 METRICSDUE, gsi2sk <= now), oldest first, at most `limit`. */
  listDue(now: Date, limit: number): Promise<DueTracker[]>;
  /** Moves a due tracker's index entry to `until` if it is still `due.key`: false when another sweep took it. */
  claim(due: DueTracker, until: Date): Promise<boolean>;
}

export interface AnalyticsQueue {
  send(message: CollectMessage): Promise<void>;
}

export interface RecordEngine extends Pick<Deps, 'now'> {
  store: AnalyticsStore;
}

export interface SweepEngine extends RecordEngine {
  queue: AnalyticsQueue;
  batchSize(platform: Platform): number;
}

export interface CollectEngine extends RecordEngine {
  /** Whether the account's deletion has begun: its batches write nothing. */
  isUserClosed(userId: string): Promise<boolean>;
  /** Fresh tokens (refresh, reauth marking as publishing) and the platform's reader. */
  readMetrics(message: CollectMessage, platformPostIds: readonly string[]): Promise<MetricsResult[]>;
  random(): number;
  /** The batch's `analytics.collected` webhook event (docs/webhooks.md#events); never throws. */
  emitEvent?(workspaceId: string, type: 'analytics.collected', data: Record<string, unknown>): Promise<void>;
}

/** A due tracker stays claimed this long: its batch is in the queue or being collected. */
export const CLAIM_SECONDS = 30 * 60;
/** Failed readings in a row before the collector gives this reading up and waits for the next offset. */
export const MAX_FAILURES = 5;
/** One sweep queues at most this many trackers; the next sweep takes the rest. */
export const SWEEP_LIMIT = 5000;

// ---------------------------------------------------------------------------------------------
// Time in the user's timezone

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** yyyy-mm-dd, hour 0–23 and weekday 0 (Monday)–6 of `at` in `timeZone` (UTC when unknown). */
export function localParts(at: Date, timeZone: string | null): { day: string; hour: number; weekday: number } {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timeZone ?? 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    });
  } catch {
    return localParts(at, 'UTC');
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), weekday: WEEKDAYS.indexOf(String(parts.weekday)) };
}

// ---------------------------------------------------------------------------------------------
// Rollup arithmetic (pure: the DynamoDB store and the in-memory one share it)

const cellOf = (tracker: Pick<TrackerItem, 'weekday' | 'hour'>) => `${tracker.weekday}:${tracker.hour}`;
const zeroReading = (at: string): AppliedReading => ({ at, views: 0, likes: 0, comments: 0, shares: 0, saves: 0 });

/** Counts a target's outcome once: a second call for the same post changes nothing (null). */
export function withOutcome(rollup: StoredRollup, postId: string, outcome: 'published' | 'failed', cell: string | null, at: string): StoredRollup | null {
  const mark = `${outcome}:${postId}`;
  if (rollup.applied[mark]) return null;
  const next = structuredClone(rollup);
  next.applied[mark] = zeroReading(at);
  next[outcome] += 1;
  if (cell) {
    const hour = (next.hours[cell] ??= { posts: 0, engagements: 0 });
    hour.posts += 1;
  }
  return next;
}

/** Takes back a counted failure of the post (its mark goes with it); null when none is counted. */
export function withoutFailure(rollup: StoredRollup, postId: string): StoredRollup | null {
  const mark = `failed:${postId}`;
  if (!rollup.applied[mark]) return null;
  const next = structuredClone(rollup);
  delete next.applied[mark];
  next.failed = Math.max(0, next.failed - 1);
  return next;
}

function asApplied(metrics: PostMetrics, at: string): AppliedReading {
  return { at, views: metrics.views ?? 0, likes: metrics.likes ?? 0, comments: metrics.comments ?? 0, shares: metrics.shares ?? 0, saves: metrics.saves ?? 0 };
}
const engagementsOfApplied = (r: AppliedReading) => r.likes + r.comments + r.shares + r.saves;

/**
 * Adds a reading's difference from what the rollup holds of the post, and places the post in the
 * day's top list. Null when the rollup holds this reading or a later one already.
 */
export function withReading(rollup: StoredRollup, tracker: TrackerItem, metrics: PostMetrics, at: string): StoredRollup | null {
  const before = rollup.applied[tracker.postId];
  if (before && before.at >= at) return null;
  const was = before ?? zeroReading(tracker.publishedAt);
  const now = asApplied(metrics, at);
  const next = structuredClone(rollup);
  next.applied[tracker.postId] = now;
  for (const count of ['views', 'likes', 'comments', 'shares', 'saves'] as const) next[count] += now[count] - was[count];
  const engagementsDelta = engagementsOfApplied(now) - engagementsOfApplied(was);
  next.engagements += engagementsDelta;
  const hour = (next.hours[cellOf(tracker)] ??= { posts: 0, engagements: 0 });
  hour.engagements += engagementsDelta;
  const entry = {
    postId: tracker.postId,
    caption: tracker.caption.slice(0, 200),
    publishedAt: tracker.publishedAt,
    postUrl: tracker.postUrl,
    views: now.views,
    engagements: engagementsOfApplied(now),
  };
  next.top = [...next.top.filter((t) => t.postId !== tracker.postId), entry]
    .sort((a, b) => b.views - a.views || b.engagements - a.engagements)
    .slice(0, TOP_PER_ROLLUP);
  return next;
}

const rollupKeys = (t: Pick<TrackerItem, 'day' | 'platform' | 'clientId'>) => [
  rollupSk(t.day, t.platform),
  ...(t.clientId ? [clientRollupSk(t.clientId, t.day, t.platform)] : []),
];

// ---------------------------------------------------------------------------------------------
// Recording an outcome (the publishing engine calls this once a target settles)

/**
 * A settled target: posted → its tracker (first collection 1 h after publishing) and `published` +1;
 * failed → `failed` +1. Each rollup counts a target's outcome once, so a redelivery adds nothing.
 * The publisher calls this after settling and logs a failure: publishing never waits on or fails
 * because of it (docs/analytics.md#guarantees).
 */
export async function recordTargetOutcome(userId: string, post: EnginePost, index: number, engine: RecordEngine): Promise<void> {
  const target = post.platforms[index];
  if (!target || (target.status !== 'posted' && target.status !== 'failed')) return;
  const platformPostId = target.platform_post_id;
  if (target.status === 'posted' && !platformPostId) return;
  // One request for both: every post settling in a busy second asks the same table.
  const { timeZone, failedDay } = await engine.store.outcomeContext(userId, post.id, target.platform);
  const now = engine.now();
  if (target.status === 'failed') {
    const { day } = localParts(new Date(post.scheduled_at ?? now.toISOString()), timeZone);
    for (const sk of rollupKeys({ day, platform: target.platform, clientId: post.client_id })) {
      await engine.store.countOutcome(
        userId,
        sk,
        { day, platform: target.platform },
        { postId: post.id, outcome: 'failed', cell: null, at: now.toISOString() },
      );
    }
    await engine.store.putFailureDay(userId, post.id, target.platform, day);
    return;
  }
  if (!platformPostId) return;
  // A Retry published what had failed: the failure no longer stands, on the day it was counted
  // (a retry moves the post's time, so that day is the one remembered, not recomputed).
  if (failedDay) {
    for (const sk of rollupKeys({ day: failedDay, platform: target.platform, clientId: post.client_id })) {
      await engine.store.updateRollup(userId, sk, { day: failedDay, platform: target.platform }, (r) => withoutFailure(r, post.id));
    }
    await engine.store.forgetFailureDay(userId, post.id, target.platform);
  }
  // Numbers the platform will never report (a TikTok Only me post or inbox draft): the post counts as
  // published, and its panel says why it has no numbers, without a reading ever being asked for.
  const reported = target.platform !== 'tiktok' || tiktokReportsNumbers(target.settings ?? {});
  const publishedAt = target.posted_at ?? now.toISOString();
  const { day, hour, weekday } = localParts(new Date(publishedAt), timeZone);
  const nextAt = new Date(Date.parse(publishedAt) + COLLECTION_OFFSETS_SECONDS[0] * 1000).toISOString();
  const tracker: TrackerItem = {
    userId,
    postId: post.id,
    platform: target.platform,
    socialAccountId: target.social_account_id,
    accountId: target.account_id,
    platformPostId,
    postUrl: target.post_url,
    caption: target.caption,
    clientId: post.client_id,
    publishedAt,
    day,
    hour,
    weekday,
    step: 0,
    nextAt: reported ? nextAt : null,
    status: reported ? 'collecting' : 'private',
    latest: null,
    collectedAt: null,
    failures: 0,
  };
  await engine.store.createTracker(tracker);
  for (const sk of rollupKeys(tracker)) {
    await engine.store.countOutcome(
      userId,
      sk,
      { day, platform: target.platform },
      { postId: post.id, outcome: 'published', cell: cellOf(tracker), at: publishedAt },
    );
  }
}

// ---------------------------------------------------------------------------------------------
// The sweep

/**
 * Queues every tracker due at `now` (the scheduled event's time), one message per connection and
 * platform batch of the reader's size. Each tracker is claimed first (its index entry moves
 * CLAIM_SECONDS ahead), so a later sweep does not queue it again while it is in flight, and comes
 * back by itself if its batch is lost.
 */
export async function sweepDueTrackers(now: Date, engine: SweepEngine): Promise<{ queued: number; messages: number }> {
  const due = await engine.store.listDue(now, SWEEP_LIMIT);
  const until = new Date(now.getTime() + CLAIM_SECONDS * 1000);
  const groups = new Map<string, DueTracker[]>();
  for (const tracker of due) {
    const group = `${tracker.userId}#${tracker.socialAccountId}#${tracker.platform}`;
    groups.set(group, [...(groups.get(group) ?? []), tracker]);
  }
  let queued = 0;
  let messages = 0;
  for (const trackers of groups.values()) {
    const first = trackers[0];
    const size = Math.max(1, engine.batchSize(first.platform));
    for (let i = 0; i < trackers.length; i += size) {
      const claimed: DueTracker[] = [];
      for (const tracker of trackers.slice(i, i + size)) if (await engine.store.claim(tracker, until)) claimed.push(tracker);
      if (claimed.length === 0) continue;
      await engine.queue.send({
        userId: first.userId,
        socialAccountId: first.socialAccountId,
        accountId: first.accountId,
        platform: first.platform,
        postIds: claimed.map((t) => t.postId),
        asOf: now.toISOString(),
      });
      queued += claimed.length;
      messages += 1;
    }
  }
  return { queued, messages };
}

// ---------------------------------------------------------------------------------------------
// The collector

/** The first offset after `step` that is still ahead of `now` (late readings skip the ones already past); null when none. */
function nextStep(tracker: TrackerItem, after: number, now: Date): { step: number; nextAt: string } | null {
  const published = Date.parse(tracker.publishedAt);
  for (let step = after + 1; step < COLLECTION_OFFSETS_SECONDS.length; step++) {
    const at = published + COLLECTION_OFFSETS_SECONDS[step] * 1000;
    if (at > now.getTime()) return { step, nextAt: new Date(at).toISOString() };
  }
  return null;
}

/** Wait before retrying a failed reading: 15 min doubling, at most 6 h, never before the platform's reset. */
export function collectionBackoffSeconds(failures: number, retryAfterSeconds: number | undefined, random: () => number): number {
  const base = Math.min(6 * 3600, 900 * 2 ** Math.max(0, failures - 1));
  return Math.max(Math.round(base * (0.8 + random() * 0.4)), Math.ceil(retryAfterSeconds ?? 0));
}

/** When a batch's reading happens: now, or the sweep's time when that is later (a sweep fired "as of" a later time on the local cloud). */
const readingTime = (message: CollectMessage, engine: CollectEngine) => new Date(Math.max(engine.now().getTime(), Date.parse(message.asOf)));

async function stop(tracker: TrackerItem, status: CollectionStatus, engine: CollectEngine): Promise<void> {
  await engine.store.replaceTracker(tracker, { ...tracker, status, nextAt: null });
}

async function retryLater(tracker: TrackerItem, error: unknown, now: Date, engine: CollectEngine): Promise<void> {
  const failures = tracker.failures + 1;
  if (failures >= MAX_FAILURES) {
    // This reading is given up; the next offset still comes (or collection ends with what it has).
    const next = nextStep(tracker, tracker.step, now);
    await engine.store.replaceTracker(tracker, next ? { ...tracker, ...next, failures: 0 } : { ...tracker, status: 'done', nextAt: null, failures });
    return;
  }
  const retryAfter = error instanceof PlatformError ? error.details.retryAfterSeconds : undefined;
  const nextAt = new Date(now.getTime() + collectionBackoffSeconds(failures, retryAfter, engine.random) * 1000).toISOString();
  await engine.store.replaceTracker(tracker, { ...tracker, failures, nextAt });
}

/** One reading of one tracker: rollups first (exactly once by themselves), then the tracker, the snapshot and the post's card. */
async function applyReading(tracker: TrackerItem, metrics: PostMetrics, now: Date, engine: CollectEngine, postId?: string): Promise<boolean> {
  const at = now.toISOString();
  for (const sk of rollupKeys(tracker)) {
    await engine.store.updateRollup(tracker.userId, sk, { day: tracker.day, platform: tracker.platform }, (r) => withReading(r, tracker, metrics, at));
  }
  const next = nextStep(tracker, tracker.step, now);
  const after: TrackerItem = {
    ...tracker,
    // The platform's own id, given only after publishing (a TikTok post out of moderation): read by it from now on.
    ...(postId ? { platformPostId: postId } : {}),
    latest: metrics,
    collectedAt: at,
    failures: 0,
    ...(next ?? { step: COLLECTION_OFFSETS_SECONDS.length, nextAt: null, status: 'done' as const }),
  };
  // Another delivery of this batch took this reading (or the post was deleted): it records the rest.
  if (!(await engine.store.replaceTracker(tracker, after))) return false;
  await engine.store.putSnapshot(tracker.userId, { postId: tracker.postId, platform: tracker.platform, collectedAt: at, ...metrics });
  await engine.store.setTargetMetrics(tracker.userId, tracker.postId, tracker.platform, { views: metrics.views ?? 0, engagements: engagementsOf(metrics), at });
  return true;
}

/** What resuming after a reconnect reads and writes (the table's store has both). */
export interface ResumeStore extends Pick<AnalyticsStore, 'replaceTracker'> {
  trackersStoppedForReconnect(userId: string, socialAccountId: string): Promise<TrackerItem[]>;
}

/**
 * A reconnected connection's collection goes on: each tracker that stopped for `needs_reconnect`
 * is due again now, and the next sweep reads it (offsets already past are skipped as for a late
 * reading). Returns how many resumed.
 */
export async function resumeCollection(userId: string, socialAccountId: string, now: Date, store: ResumeStore): Promise<number> {
  let resumed = 0;
  for (const tracker of await store.trackersStoppedForReconnect(userId, socialAccountId)) {
    if (await store.replaceTracker(tracker, { ...tracker, status: 'collecting', nextAt: now.toISOString(), failures: 0 })) resumed++;
  }
  return resumed;
}

/**
 * One queued batch: reads the platform once for all its trackers still collecting. A token the
 * platform refuses or a grant without the analytics scope stops those trackers (needs_reconnect);
 * a rate limit or any other failure retries them later. The post itself is never touched but for
 * its card's latest numbers.
 */
export async function collectBatch(message: CollectMessage, engine: CollectEngine): Promise<{ collected: number; gone: number; failed: number }> {
  const counts = { collected: 0, gone: 0, failed: 0 };
  // A deleted account gets nothing written back (its deletion may not have reached these items yet).
  if (await engine.isUserClosed(message.userId)) return counts;
  const found = await Promise.all(message.postIds.map((postId) => engine.store.getTracker(message.userId, postId, message.platform)));
  const now = readingTime(message, engine);
  // Due by the sweep's time; a tracker collected since (this batch delivered again) waits for its next offset.
  const trackers = found.filter((t): t is TrackerItem => t !== null && t.status === 'collecting' && t.nextAt !== null && t.nextAt <= message.asOf);
  if (trackers.length === 0) return counts;
  let results: MetricsResult[];
  try {
    results = await engine.readMetrics(
      message,
      trackers.map((t) => t.platformPostId),
    );
  } catch (error) {
    const reconnect = error instanceof NotFoundError || (error instanceof PlatformError && (error.category === 'reauth' || error.category === 'fix-input'));
    const context = { platform: message.platform, userId: message.userId, error };
    if (reconnect) logger.warn('Metrics refused: the connection needs reconnecting', context);
    else logger.warn('Metrics read failed; it retries later', context);
    for (const tracker of trackers) await (reconnect ? stop(tracker, 'needs_reconnect', engine) : retryLater(tracker, error, now, engine));
    counts.failed = trackers.length;
    return counts;
  }
  const byId = new Map(results.map((r) => [r.platformPostId, r]));
  const applied: { post_id: string; metrics: PostMetrics }[] = [];
  for (const tracker of trackers) {
    const result = byId.get(tracker.platformPostId);
    if (!result) {
      await retryLater(tracker, undefined, now, engine);
      counts.failed += 1;
    } else if (result.status === 'gone') {
      await stop(tracker, 'gone', engine);
      counts.gone += 1;
    } else if (result.status === 'private') {
      await stop(tracker, 'private', engine);
    } else {
      if (await applyReading(tracker, result.metrics, now, engine, result.postId)) applied.push({ post_id: tracker.postId, metrics: result.metrics });
      counts.collected += 1;
    }
  }
  // One event per batch (one workspace, one network, the posts read together), only for the readings
  // this delivery wrote: a batch delivered again announces nothing twice, and a busy workspace's
  // endpoint gets one request per read rather than one per post.
  if (applied.length > 0 && engine.emitEvent)
    await engine.emitEvent(message.userId, 'analytics.collected', { platform: message.platform, collected_at: now.toISOString(), posts: applied });
  return counts;
}
