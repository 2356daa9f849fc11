import { BatchWriteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PostMetrics } from '@shared/analytics';
import type { Platform } from '@shared/platforms';
import { zeroRollup, type RollupItem, type SnapshotItem, type TrackerItem } from '../../functions/data/analytics-items';
import { clientRollupSk, METRICS_DUE_PK, metricsDueSk, rollupSk, snapshotSk, trackerSk, workspacePk } from '../../functions/data/keys';
import { TABLE_DESIGN } from '../../functions/data/table-design';
import { documentClient } from '../../functions/lib/aws';

/**
 * Given-steps for analytics: rollups, trackers and snapshots written straight into the table in the
 * shapes of functions/data/analytics-items.ts (keys from functions/data/keys.ts), as the collection side stores them.
 */
const DUE = TABLE_DESIGN.indexes.openByDue;

/** A rollup of `day` on `platform` (the user's own, or a client's), zero where not given. */
export function aRollupItem(day: string, platform: Platform, counts: Partial<RollupItem> = {}): RollupItem {
  return { ...zeroRollup(day, platform), ...counts };
}

export function rollupRecord(userId: string, rollup: RollupItem, clientId: string | null = null): Record<string, unknown> {
  const sk = clientId ? clientRollupSk(clientId, rollup.day, rollup.platform) : rollupSk(rollup.day, rollup.platform);
  return { pk: workspacePk(userId), sk, type: clientId ? 'ClientRollup' : 'Rollup', ...rollup };
}

/** Writes items, 25 to a BatchWriteItem, retrying what DynamoDB left unprocessed. */
export async function putInBatches(items: readonly Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let pending: Record<string, unknown[]> | undefined = { [process.env.TABLE_NAME!]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) };
    while (pending && Object.keys(pending).length > 0) {
      const out = await documentClient().send(new BatchWriteCommand({ RequestItems: pending as never }));
      pending = out.UnprocessedItems as Record<string, unknown[]> | undefined;
    }
  }
}

/** Writes rollups (what the API reads a period from). */
export const someRollups = (userId: string, rollups: readonly RollupItem[], clientId: string | null = null) =>
  putInBatches(rollups.map((r) => rollupRecord(userId, r, clientId)));

export const aRollup = (userId: string, rollup: RollupItem, clientId: string | null = null) => someRollups(userId, [rollup], clientId);

export const metrics = (m: Partial<PostMetrics> = {}): PostMetrics => ({
  views: null,
  reach: null,
  likes: null,
  comments: null,
  shares: null,
  saves: null,
  ...m,
});

/** A tracker of a published target; while `nextAt` is set it sits in the sparse due index. */
export function trackerRecord(userId: string, t: Pick<TrackerItem, 'postId' | 'platform'> & Partial<TrackerItem>): Record<string, unknown> {
  const tracker: TrackerItem = {
    userId,
    socialAccountId: 'acc',
    accountId: 'acc-1',
    platformPostId: `${t.platform}-${t.postId}`,
    postUrl: null,
    caption: 'A post',
    clientId: null,
    publishedAt: new Date().toISOString(),
    day: new Date().toISOString().slice(0, 10),
    hour: 9,
    weekday: 0,
    step: 0,
    nextAt: null,
    status: 'collecting',
    latest: null,
    collectedAt: null,
    failures: 0,
    ...t,
  };
  const due = tracker.nextAt
    ? { [DUE.partitionKey]: METRICS_DUE_PK, [DUE.sortKey]: metricsDueSk(tracker.nextAt, userId, tracker.postId, tracker.platform) }
    : {};
  return { pk: workspacePk(userId), sk: trackerSk(tracker.postId, tracker.platform), type: 'MetricsTracker', ...tracker, ...due };
}

export const aTracker = (userId: string, t: Pick<TrackerItem, 'postId' | 'platform'> & Partial<TrackerItem>) => putInBatches([trackerRecord(userId, t)]);

/** One reading of a post on a platform. */
export async function aSnapshot(userId: string, s: SnapshotItem): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: process.env.TABLE_NAME,
      Item: { pk: workspacePk(userId), sk: snapshotSk(s.postId, s.platform, s.collectedAt), type: 'MetricsSnapshot', ...s },
    }),
  );
}
