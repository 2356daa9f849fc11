import type { PostMetrics, TargetMetrics } from '@shared/analytics';
import type { Platform } from '@shared/platforms';
import type { SnapshotItem, TrackerItem } from '../../../functions/data/analytics-items';
import { metricsDueSk, rollupSk } from '../../../functions/data/keys';
import type { EnginePost } from '../../../functions/publishing/model';
import {
  emptyRollup,
  type AnalyticsStore,
  type CollectEngine,
  type CollectMessage,
  type DueTracker,
  type OutcomeCount,
  type StoredRollup,
  type SweepEngine,
  withOutcome,
} from '../../../functions/domain/analytics-collection';
import type { MetricsResult } from '../../../functions/platforms/types';
import { aPost } from './publishing-engine-fakes';

/**
 * Analytics collection's world in memory (functions/domain/analytics-collection.ts): a store that
 * keeps the table's conditions (the ones data/analytics.ts writes), a queue that records messages, a
 * platform whose numbers the test sets, and a clock that moves only when told.
 */

export const USER = 'user-1';
export const T0 = Date.parse('2026-03-02T09:30:00.000Z');
export const HOUR = 3_600_000;

export class MemoryAnalyticsStore implements AnalyticsStore {
  timezone: string | null = 'Europe/Berlin';
  readonly trackers = new Map<string, TrackerItem & { dueKey?: string }>();
  readonly rollups = new Map<string, StoredRollup>();
  readonly snapshots: (SnapshotItem & { userId: string })[] = [];
  readonly targetMetrics = new Map<string, TargetMetrics>();
  /** Posts that exist (setTargetMetrics writes only those). */
  readonly posts = new Set<string>();
  /** Called between a rollup's read and its write: lets a test put another write in between. */
  beforeRollupWrite: (() => void) | null = null;

  private key = (userId: string, postId: string, platform: Platform) => `${userId}/${postId}/${platform}`;

  readonly failureDays = new Map<string, string>();
  async putFailureDay(userId: string, postId: string, platform: Platform, day: string) {
    this.failureDays.set(this.key(userId, postId, platform), day);
  }
  async failureDayOf(userId: string, postId: string, platform: Platform) {
    return this.failureDays.get(this.key(userId, postId, platform)) ?? null;
  }
  async forgetFailureDay(userId: string, postId: string, platform: Platform) {
    this.failureDays.delete(this.key(userId, postId, platform));
  }

  async timezoneOf() {
    return this.timezone;
  }

  async outcomeContext(userId: string, postId: string, platform: Platform) {
    return { timeZone: this.timezone, failedDay: await this.failureDayOf(userId, postId, platform) };
  }

  /** The table does this in one conditional UpdateItem; here the same arithmetic as a read-modify-write. */
  async countOutcome(userId: string, sk: string, base: { day: string; platform: Platform }, count: OutcomeCount) {
    await this.updateRollup(userId, sk, base, (r) => withOutcome(r, count.postId, count.outcome, count.cell, count.at));
  }

  async createTracker(tracker: TrackerItem) {
    const key = this.key(tracker.userId, tracker.postId, tracker.platform);
    if (this.trackers.has(key)) return false;
    this.trackers.set(key, this.indexed(tracker));
    return true;
  }

  private indexed(tracker: TrackerItem): TrackerItem & { dueKey?: string } {
    const copy: TrackerItem & { dueKey?: string } = structuredClone(tracker);
    if (tracker.nextAt && tracker.status === 'collecting') copy.dueKey = metricsDueSk(tracker.nextAt, tracker.userId, tracker.postId, tracker.platform);
    return copy;
  }

  async getTracker(userId: string, postId: string, platform: Platform) {
    const found = this.trackers.get(this.key(userId, postId, platform));
    if (!found) return null;
    const { dueKey: _dueKey, ...tracker } = structuredClone(found);
    return tracker;
  }

  tracker(postId: string, platform: Platform) {
    return this.trackers.get(this.key(USER, postId, platform));
  }

  async replaceTracker(before: TrackerItem, after: TrackerItem) {
    const key = this.key(before.userId, before.postId, before.platform);
    const stored = this.trackers.get(key);
    if (
      !stored ||
      stored.step !== before.step ||
      stored.failures !== before.failures ||
      stored.collectedAt !== before.collectedAt ||
      stored.status !== before.status
    )
      return false;
    this.trackers.set(key, this.indexed(after));
    return true;
  }

  async updateRollup(userId: string, sk: string, base: { day: string; platform: Platform }, change: (r: StoredRollup) => StoredRollup | null) {
    for (let attempt = 0; attempt < 8; attempt++) {
      const key = `${userId}/${sk}`;
      const seen = this.rollups.get(key);
      const next = change(structuredClone(seen ?? emptyRollup(base.day, base.platform)));
      if (!next) return;
      const between = this.beforeRollupWrite;
      this.beforeRollupWrite = null;
      between?.();
      if (this.rollups.get(key)?.rev !== seen?.rev) continue;
      this.rollups.set(key, { ...structuredClone(next), rev: (seen?.rev ?? 0) + 1 });
      return;
    }
    throw new Error('rollup kept changing');
  }

  rollup(day: string, platform: Platform, sk = rollupSk(day, platform)) {
    return this.rollups.get(`${USER}/${sk}`);
  }

  async putSnapshot(userId: string, snapshot: SnapshotItem) {
    this.snapshots.push({ userId, ...structuredClone(snapshot) });
  }

  async setTargetMetrics(userId: string, postId: string, platform: Platform, metrics: TargetMetrics) {
    if (this.posts.has(postId)) this.targetMetrics.set(`${postId}/${platform}`, metrics);
  }

  async listDue(now: Date, limit: number): Promise<DueTracker[]> {
    const cut = `${now.toISOString()}$`;
    return [...this.trackers.values()]
      .filter((t) => t.dueKey && t.dueKey < cut)
      .sort((a, b) => a.dueKey!.localeCompare(b.dueKey!))
      .slice(0, limit)
      .map((t) => ({ userId: t.userId, postId: t.postId, platform: t.platform, socialAccountId: t.socialAccountId, accountId: t.accountId, key: t.dueKey! }));
  }

  async claim(due: DueTracker, until: Date) {
    const stored = this.trackers.get(this.key(due.userId, due.postId, due.platform));
    if (!stored || stored.dueKey !== due.key) return false;
    stored.dueKey = metricsDueSk(until.toISOString(), due.userId, due.postId, due.platform);
    return true;
  }
}

/** A platform whose counts per post id the test sets; `fail` makes the next reads throw. */
export function aMetricsPlatform() {
  const counts = new Map<string, PostMetrics | 'gone' | 'private' | { metrics: PostMetrics; postId: string }>();
  const calls: { message: CollectMessage; ids: readonly string[] }[] = [];
  let failure: unknown = null;
  return {
    counts,
    calls,
    set(id: string, views: number, likes: number, comments = 0, shares = 0, saves: number | null = 0) {
      counts.set(id, { views, reach: null, likes, comments, shares, saves });
    },
    fail(error: unknown) {
      failure = error;
    },
    async read(message: CollectMessage, ids: readonly string[]): Promise<MetricsResult[]> {
      calls.push({ message, ids });
      if (failure) throw failure;
      return ids.flatMap((id): MetricsResult[] => {
        const found = counts.get(id);
        if (!found) return [];
        if (found === 'gone' || found === 'private') return [{ platformPostId: id, status: found }];
        if ('postId' in found) return [{ platformPostId: id, status: 'ok', metrics: structuredClone(found.metrics), postId: found.postId }];
        return [{ platformPostId: id, status: 'ok', metrics: structuredClone(found) }];
      });
    },
  };
}

export function aWorld() {
  let now = T0;
  const store = new MemoryAnalyticsStore();
  const platform = aMetricsPlatform();
  const sent: CollectMessage[] = [];
  const account = { closed: false };
  /** The webhook events the collector emitted, in order. */
  const events: { workspaceId: string; type: string; data: Record<string, unknown> }[] = [];
  const engine: SweepEngine & CollectEngine = {
    now: () => new Date(now),
    store,
    queue: { send: async (message) => void sent.push(structuredClone(message)) },
    batchSize: (p) => ({ x: 100, youtube: 50, tiktok: 20, facebook: 1, instagram: 1, bluesky: 25, threads: 1, linkedin: 20, pinterest: 1 })[p],
    readMetrics: (message, ids) => platform.read(message, ids),
    isUserClosed: async () => account.closed,
    random: () => 0.5,
    emitEvent: async (workspaceId, type, data) => void events.push({ workspaceId, type, data: structuredClone(data) }),
  };
  return {
    engine,
    events,
    store,
    platform,
    sent,
    account,
    at: (ms: number) => (now = ms),
    nowMs: () => now,
    /** Takes the queue's messages (as if delivered). */
    deliveries: () => sent.splice(0),
  };
}

/** A post whose `platforms` targets settled `posted` at `T0` (platform post id `<platform>-<postId>`). */
export function aPublishedPost(id: string, platforms: Platform[], extra: Partial<EnginePost> = {}): EnginePost {
  const post = aPost(platforms, { id, status: 'posted', published_at: new Date(T0).toISOString(), rev: 1, ...extra });
  post.platforms = post.platforms.map((target) => ({
    ...target,
    caption: `Fresh bread ${id}`,
    status: 'posted',
    post_url: `https://${target.platform}.example/${id}`,
    posted_at: new Date(T0).toISOString(),
    platform_post_id: `${target.platform}-${id}`,
  }));
  return post;
}
