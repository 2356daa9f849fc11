import { BatchGetCommand, type BatchGetCommandInput, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { PostMetrics } from '@shared/analytics';
import { PLATFORMS, type Platform } from '@shared/platforms';
import { TOP_PER_ROLLUP, type RollupItem, type SnapshotItem, type TrackerItem } from './analytics-items';
import { clientRollupSk, rollupSk, snapshotPrefix, trackerPrefix, workspacePk } from './keys';
import { db, queryAll, tableName } from './table';

/**
 * The read side of analytics (docs/analytics.md#analytics-api): a period's rollups in one
 * query, and one post's trackers and snapshots. The collection side (data/analytics.ts) writes them.
 */

/** Whose rollups: the user's own, or one client's (agency mode). */
export type RollupScope = { readonly clientId: string | null };

/** The rollup sort key of `day` for this scope, on `platform`. */
const scopedSk = (scope: RollupScope, day: string, platform: Platform | '') =>
  scope.clientId ? clientRollupSk(scope.clientId, day, platform as Platform) : rollupSk(day, platform as Platform);

/** Only the counts: what a period's totals need (the comparison's previous period). */
const COUNTS = ['day', 'platform', 'published', 'failed', 'views', 'engagements'];
/** Everything but `top` and `hours`: what totals, the daily chart and the CSV need. */
const COUNTS_AND_PARTS = [...COUNTS, 'likes', 'comments', 'shares', 'saves'];

/**
 * Counts, the hour cells, and of each top entry only its views: the captions and links of a year's
 * top lists (most of a rollup's bytes) are read only for the entries that can make the period's top
 * (readTopEntries).
 */
const RANKED = [...COUNTS, 'hours', ...Array.from({ length: TOP_PER_ROLLUP }, (_, i) => `top[${i}].views`)];

export type RollupRead = 'counts' | 'parts' | 'ranked';
const PROJECTIONS: Record<RollupRead, readonly string[]> = { counts: COUNTS, parts: COUNTS_AND_PARTS, ranked: RANKED };

/** A projection with every name aliased (several, like day and views, are or may become DynamoDB reserved words). */
function projection(paths: readonly string[]): { ProjectionExpression: string; ExpressionAttributeNames: Record<string, string> } {
  const names = new Map<string, string>();
  const alias = (name: string) => {
    if (!names.has(name)) names.set(name, `#n${names.size}`);
    return names.get(name)!;
  };
  const expression = paths.map((p) => p.replace(/[A-Za-z_]+/g, alias)).join(', ');
  return { ProjectionExpression: expression, ExpressionAttributeNames: Object.fromEntries([...names].map(([name, a]) => [a, name])) };
}

/**
 * The rollups of the days `from`…`to` (yyyy-mm-dd, inclusive) in one query: the sort keys of a scope
 * sort by day, so the key of `<from>` … the key of `<to>` then '~' ('~' sorts after every platform) is the period.
 * `read` projects what the caller needs, so a year of days reads only the counts it uses.
 */
export async function listRollups(userId: string, scope: RollupScope, from: string, to: string, read: RollupRead): Promise<RollupItem[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': workspacePk(userId), ':from': scopedSk(scope, from, ''), ':to': `${scopedSk(scope, to, '')}~` },
    ...projection(PROJECTIONS[read]),
  });
  return items.map(toRollup).filter((r): r is RollupItem => r !== null);
}

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);
const isPlatform = (value: unknown): value is Platform => typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value);

function toRollup(item: Record<string, unknown>): RollupItem | null {
  if (!isPlatform(item.platform) || typeof item.day !== 'string') return null;
  const hours = (item.hours && typeof item.hours === 'object' ? item.hours : {}) as Record<string, { posts?: unknown; engagements?: unknown }>;
  return {
    day: item.day,
    platform: item.platform,
    published: count(item.published),
    failed: count(item.failed),
    views: count(item.views),
    engagements: count(item.engagements),
    likes: count(item.likes),
    comments: count(item.comments),
    shares: count(item.shares),
    saves: count(item.saves),
    hours: Object.fromEntries(Object.entries(hours).map(([cell, v]) => [cell, { posts: count(v?.posts), engagements: count(v?.engagements) }])),
    top: Array.isArray(item.top) ? (item.top as RollupItem['top']) : [],
  };
}

export interface TopRef {
  readonly day: string;
  readonly platform: Platform;
  /** Index into the rollup's top list. */
  readonly index: number;
}

/**
 * The full top entries at `refs`, one BatchGetItem of their rollups (at most 100, BatchGetItem's
 * limit) projected to the entries asked for. Keyed `<day>#<platform>#<index>`.
 */
export async function readTopEntries(userId: string, scope: RollupScope, refs: readonly TopRef[]): Promise<Map<string, RollupItem['top'][number]>> {
  const found = new Map<string, RollupItem['top'][number]>();
  if (refs.length === 0) return found;
  const indices = [...new Set(refs.map((r) => r.index))].sort((a, b) => a - b);
  const keys = [...new Map(refs.map((r) => [`${r.day}#${r.platform}`, { pk: workspacePk(userId), sk: scopedSk(scope, r.day, r.platform) }])).values()];
  let pending: BatchGetCommandInput['RequestItems'] = {
    [tableName()]: { Keys: keys, ...projection(['day', 'platform', ...indices.map((i) => `top[${i}]`)]) },
  };
  while (pending && Object.keys(pending).length > 0) {
    const out: BatchGetCommandOutput = await db().send(new BatchGetCommand({ RequestItems: pending }));
    for (const item of out.Responses?.[tableName()] ?? []) {
      // A projected list keeps the asked elements in order, dropping those past its end: the k-th is indices[k].
      (Array.isArray(item.top) ? (item.top as RollupItem['top']) : []).forEach((entry, k) =>
        found.set(`${String(item.day)}#${String(item.platform)}#${indices[k]}`, entry),
      );
    }
    pending = out.UnprocessedKeys;
  }
  return found;
}

/** One post's trackers (one per platform it was published on) and snapshots, oldest reading first: two queries. */
export async function readPostMetrics(userId: string, postId: string): Promise<{ trackers: TrackerItem[]; snapshots: SnapshotItem[] }> {
  const byPrefix = (prefix: string) =>
    queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': workspacePk(userId), ':prefix': prefix },
    });
  const [trackers, snapshots] = await Promise.all([byPrefix(trackerPrefix(postId)), byPrefix(snapshotPrefix(postId))]);
  return {
    trackers: trackers.filter((t) => isPlatform(t.platform)) as unknown as TrackerItem[],
    snapshots: (snapshots.filter((s) => isPlatform(s.platform) && typeof s.collectedAt === 'string') as unknown as SnapshotItem[]).sort((a, b) =>
      a.collectedAt.localeCompare(b.collectedAt),
    ),
  };
}

/** The counts of a reading, with anything missing as null. */
export function metricsOf(item: Partial<PostMetrics> | null | undefined): PostMetrics | null {
  if (!item) return null;
  const read = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : null);
  return {
    views: read(item.views),
    reach: read(item.reach),
    likes: read(item.likes),
    comments: read(item.comments),
    shares: read(item.shares),
    saves: read(item.saves),
  };
}
