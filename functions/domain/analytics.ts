import {
  ANALYTICS_FEATURES,
  ANALYTICS_PLANS,
  BEST_TIMES_MIN_DAYS,
  BEST_TIMES_MIN_POSTS,
  planFor,
  planForDays,
  type AnalyticsFeature,
  type AnalyticsResponse,
  type BestTime,
  type CollectionStatus,
  type DailyPoint,
  type PlatformTotals,
  type PostAnalyticsResponse,
  type TopPost,
} from '@shared/analytics';
import { csvOf } from '@shared/csv';
import { PLAN_REQUIRED_CODE } from '@shared/entitlements';
import { PLANS, type PlanId } from '@shared/plans';
import { PLATFORMS, type Platform } from '@shared/platforms';
import { formatInTimeZone } from 'date-fns-tz';
import type { RollupItem } from '../data/analytics-items';
import { listRollups, metricsOf, readPostMetrics, readTopEntries, type RollupRead } from '../data/analytics-read';
import { isUsersClient } from '../data/clients';
import { listConnections } from '../data/connections';
import { getPost } from '../data/posts';
import { listTokenHealth, type TokenHealthRow } from '../data/tokens';
import { getSettings } from '../data/users';
import { defaultDeps, type Deps } from '../lib/clock';
import { NotFoundError, PlanError } from '../lib/errors';
import { SERVER_NETWORKS } from '../platforms/networks';
import { currentPlan } from './entitlements';

/**
 * The read side of analytics (docs/analytics.md#analytics-api): the Analytics page, one
 * post's history and the CSV export, gated by the plan here on the server (shared/analytics.ts).
 */

/** The scopes a connection's grant needs, all of them, to read its posts' metrics: each network's server module's `analyticsScopes`. */
export const ANALYTICS_SCOPES: Record<Platform, readonly string[]> = Object.fromEntries(
  Object.values(SERVER_NETWORKS).map((n): [Platform, readonly string[]] => [n.id, n.analyticsScopes]),
) as Record<Platform, readonly string[]>;

export type AnalyticsReadiness = 'ready' | 'reconnect';

/** 'reconnect' when the stored grant lacks an analytics scope; tokens without a recorded scope list count as ready. */
export function analyticsReadiness(platform: Platform, scopes: readonly string[] | undefined): AnalyticsReadiness {
  if (scopes === undefined) return 'ready';
  return ANALYTICS_SCOPES[platform].every((scope) => scopes.includes(scope)) ? 'ready' : 'reconnect';
}

const planName = (plan: PlanId) => PLANS.find((p) => p.id === plan)!.name;

function refuse(message: string, requiredPlan: PlanId): never {
  throw new PlanError(PLAN_REQUIRED_CODE, message, { requiredPlan });
}

/** Refuses a view the plan lacks, naming the plan that has it. */
function assertFeature(features: readonly AnalyticsFeature[], feature: AnalyticsFeature, what: string): void {
  if (features.includes(feature)) return;
  const plan = planFor(feature);
  refuse(`Upgrade to ${planName(plan)} to ${what}.`, plan);
}

/** yyyy-mm-dd `delta` days after `day` (calendar arithmetic, no timezone involved). */
export function addDays(day: string, delta: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + delta)).toISOString().slice(0, 10);
}

/** The last `days` days up to today in `timezone`, and the same length just before. */
export function periodOf(days: number, timezone: string, now: Date) {
  const to = formatInTimeZone(now, timezone, 'yyyy-MM-dd');
  const from = addDays(to, -(days - 1));
  return { from, to, previousFrom: addDays(from, -days), previousTo: addDays(from, -1) };
}

interface Scope {
  plan: PlanId;
  features: readonly AnalyticsFeature[];
  maxDays: number;
  timezone: string;
  clientId: string | null;
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}

/** The plan's gate for `days` (and a client report), and the period in the user's timezone. */
async function scopeOf(userId: string, days: number, clientId: string | undefined, now: Date): Promise<Scope> {
  const [plan, settings] = await Promise.all([currentPlan(userId, now), getSettings(userId)]);
  const { maxDays, features } = ANALYTICS_PLANS[plan.id];
  if (days > maxDays) {
    const needed = planForDays(days);
    refuse(`Upgrade to ${planName(needed)} to see ${days} days of analytics.`, needed);
  }
  if (clientId !== undefined) {
    assertFeature(features, 'client_reports', 'see reports per client');
    if (!(await isUsersClient(userId, clientId))) throw new NotFoundError('Client not found');
  }
  const timezone = settings.timezone ?? 'UTC';
  return { plan: plan.id, features, maxDays, timezone, clientId: clientId ?? null, ...periodOf(days, timezone, now) };
}

/** Per platform, the period's sums: every platform the user is connected to (zeros included) and any with results. */
function totalsOf(rollups: readonly RollupItem[], connected: ReadonlySet<Platform>): PlatformTotals[] {
  const sums = new Map<Platform, PlatformTotals>();
  for (const platform of PLATFORMS) if (connected.has(platform)) sums.set(platform, { platform, published: 0, failed: 0, views: 0, engagements: 0 });
  for (const r of rollups) {
    const sum = sums.get(r.platform) ?? { platform: r.platform, published: 0, failed: 0, views: 0, engagements: 0 };
    sum.published += r.published;
    sum.failed += r.failed;
    sum.views += r.views;
    sum.engagements += r.engagements;
    sums.set(r.platform, sum);
  }
  return PLATFORMS.flatMap((p) => sums.get(p) ?? []);
}

const byDayThenPlatform = (a: RollupItem, b: RollupItem) => a.day.localeCompare(b.day) || PLATFORMS.indexOf(a.platform) - PLATFORMS.indexOf(b.platform);

/** One point per day and platform that has a rollup (a day without one is zero), oldest first. */
function dailyOf(rollups: readonly RollupItem[]): DailyPoint[] {
  return [...rollups].sort(byDayThenPlatform).map((r) => ({ date: r.day, platform: r.platform, views: r.views, engagements: r.engagements }));
}

export const TOP_POSTS = 10;

/** At most this many entries are fetched in full to rank the period's top (BatchGetItem takes 100 keys). */
const TOP_CANDIDATES = 100;
const byRank = (a: TopPost, b: TopPost) => b.views - a.views || b.engagements - a.engagements || b.published_at.localeCompare(a.published_at);

/**
 * The period's best posts by views (then engagements, then the newest): each day's top list holds its
 * best, so the merge is exact. The period's query read only each entry's views; every entry that
 * reaches the 10th best views (ties included, up to 100) comes in full in one BatchGetItem of their
 * rollups, and is ranked then.
 */
async function topPostsOf(userId: string, scope: Scope, rollups: readonly RollupItem[]): Promise<TopPost[]> {
  const byViews = rollups
    .flatMap((r) => r.top.map((t, index) => ({ day: r.day, platform: r.platform, index, views: t.views })))
    .sort((a, b) => b.views - a.views);
  const cutoff = byViews[TOP_POSTS - 1]?.views ?? 0;
  const candidates = byViews.filter((c, i) => i < TOP_POSTS || c.views >= cutoff).slice(0, TOP_CANDIDATES);
  const entries = await readTopEntries(userId, scope, candidates);
  return candidates
    .flatMap((ref) => {
      const t = entries.get(`${ref.day}#${ref.platform}#${ref.index}`);
      return t
        ? [
            {
              post_id: t.postId,
              platform: ref.platform,
              caption: t.caption,
              published_at: t.publishedAt,
              post_url: t.postUrl,
              views: t.views,
              engagements: t.engagements,
            },
          ]
        : [];
    })
    .sort(byRank)
    .slice(0, TOP_POSTS);
}

/**
 * The weekday × hour cells of the period's posts, best engagements per post first (then the most
 * posts); none until the period holds a sample worth ranking (BEST_TIMES_MIN_POSTS posts on
 * BEST_TIMES_MIN_DAYS days, with engagements measured).
 */
export function bestTimesOf(rollups: readonly RollupItem[]): BestTime[] {
  const cells = new Map<string, { posts: number; engagements: number }>();
  const days = new Set<string>();
  let posts = 0;
  let engagements = 0;
  for (const r of rollups) {
    for (const v of Object.values(r.hours)) {
      posts += v.posts;
      engagements += v.engagements;
      if (v.posts > 0) days.add(r.day);
    }
  }
  if (posts < BEST_TIMES_MIN_POSTS || days.size < BEST_TIMES_MIN_DAYS || engagements === 0) return [];
  for (const r of rollups) {
    for (const [cell, v] of Object.entries(r.hours)) {
      const sum = cells.get(cell) ?? { posts: 0, engagements: 0 };
      sum.posts += v.posts;
      sum.engagements += v.engagements;
      cells.set(cell, sum);
    }
  }
  return [...cells.entries()]
    .flatMap(([cell, v]) => {
      const [weekday, hour] = cell.split(':').map(Number) as [number, number];
      const valid = Number.isInteger(weekday) && weekday >= 0 && weekday <= 6 && Number.isInteger(hour) && hour >= 0 && hour <= 23 && v.posts > 0;
      return valid ? [{ weekday, hour, posts: v.posts, engagements_per_post: v.engagements / v.posts }] : [];
    })
    .sort((a, b) => b.engagements_per_post - a.engagements_per_post || b.posts - a.posts || a.weekday - b.weekday || a.hour - b.hour);
}

/** What the period's rollups must carry for the views the plan includes. */
function readFor(features: readonly AnalyticsFeature[]): RollupRead {
  return features.includes('top_posts') || features.includes('best_times') ? 'ranked' : 'counts';
}

/** The user's connections, and those whose grant cannot read analytics ("Reconnect to see analytics"). */
async function connectionsOf(userId: string) {
  const [accounts, tokens] = await Promise.all([listConnections(userId), listTokenHealth(userId)]);
  const scopes = new Map<string, TokenHealthRow['scopes']>(tokens.map((t) => [t.connectionId, t.scopes]));
  return {
    connected: new Set(accounts.map((a) => a.platform)),
    needsReconnect: accounts
      .filter((a) => analyticsReadiness(a.platform, scopes.get(a.id)) === 'reconnect')
      .map((a) => ({ account_id: a.id, platform: a.platform, account_name: a.account_name })),
  };
}

/**
 * GET /api/analytics: the period's totals per platform and the views the plan includes (the rest null
 * and listed in `locked`). Reads the period's rollups in one query, and for the comparison the
 * previous period's counts in a second one run alongside it.
 */
export async function getAnalytics(
  userId: string,
  query: { days: number; client?: string | undefined },
  deps: Pick<Deps, 'now'> = defaultDeps,
): Promise<AnalyticsResponse> {
  const scope = await scopeOf(userId, query.days, query.client, deps.now());
  const has = (feature: AnalyticsFeature) => scope.features.includes(feature);
  const [rollups, previous, connections] = await Promise.all([
    listRollups(userId, scope, scope.from, scope.to, readFor(scope.features)),
    has('comparison') ? listRollups(userId, scope, scope.previousFrom, scope.previousTo, 'counts') : Promise.resolve(null),
    connectionsOf(userId),
  ]);
  const topPosts = has('top_posts') ? await topPostsOf(userId, scope, rollups) : null;
  return {
    plan: scope.plan,
    days: query.days,
    max_days: scope.maxDays,
    from: scope.from,
    to: scope.to,
    timezone: scope.timezone,
    client_id: scope.clientId,
    locked: ANALYTICS_FEATURES.filter((f) => !has(f)),
    totals: totalsOf(rollups, connections.connected),
    daily: has('daily') ? dailyOf(rollups) : null,
    top_posts: topPosts,
    previous: previous ? totalsOf(previous, connections.connected) : null,
    best_times: has('best_times') ? bestTimesOf(rollups) : null,
    needs_reconnect: connections.needsReconnect,
  };
}

/** GET /api/analytics/posts/{id}: one post's readings per platform (Basic and up; another user's post is not found). */
export async function getPostAnalytics(userId: string, postId: string, deps: Pick<Deps, 'now'> = defaultDeps): Promise<PostAnalyticsResponse> {
  const plan = await currentPlan(userId, deps.now());
  assertFeature(ANALYTICS_PLANS[plan.id].features, 'post_history', "see a post's metrics over time");
  const [post, { trackers, snapshots }] = await Promise.all([getPost(userId, postId), readPostMetrics(userId, postId)]);
  if (!post) throw new NotFoundError('Post not found');
  const platforms = PLATFORMS.filter((p) => trackers.some((t) => t.platform === p) || snapshots.some((s) => s.platform === p));
  return {
    post_id: postId,
    platforms: platforms.map((platform) => {
      const tracker = trackers.find((t) => t.platform === platform);
      const readings = snapshots.filter((s) => s.platform === platform).map((s) => ({ ...metricsOf(s)!, at: new Date(s.collectedAt).toISOString() }));
      const last = readings.at(-1);
      const status: CollectionStatus = tracker?.status ?? 'done';
      return { platform, status, latest: metricsOf(tracker?.latest) ?? (last ? metricsOf(last) : null), snapshots: readings };
    }),
  };
}

/** The CSV export's columns, one row per day × platform. */
export const EXPORT_COLUMNS = ['date', 'platform', 'published', 'failed', 'views', 'engagements', 'likes', 'comments', 'shares', 'saves'] as const;

/** GET /api/analytics/export: the period's rollups as CSV (Basic and up), and a file name for it. */
export async function exportAnalytics(
  userId: string,
  query: { days: number; client?: string | undefined },
  deps: Pick<Deps, 'now'> = defaultDeps,
): Promise<{ fileName: string; csv: string }> {
  const scope = await scopeOf(userId, query.days, query.client, deps.now());
  assertFeature(scope.features, 'export', 'export analytics');
  const rollups = (await listRollups(userId, scope, scope.from, scope.to, 'parts')).sort(byDayThenPlatform);
  const rows = rollups.map((r) => [r.day, r.platform, r.published, r.failed, r.views, r.engagements, r.likes, r.comments, r.shares, r.saves]);
  return { fileName: `analytics-${scope.from}-to-${scope.to}.csv`, csv: csvOf(EXPORT_COLUMNS, rows) };
}
