import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TargetMetrics } from '@shared/analytics';
import type { Platform } from '@shared/platforms';
import { zeroRollup, type RollupItem, type SnapshotItem, type TrackerItem } from './analytics-items';
import {
  METRICS_DUE_PK,
  metricsDueSk,
  failurePrefix,
  failureSk,
  postSk,
  snapshotPrefix,
  snapshotSk,
  TRACKER_PREFIX,
  trackerPrefix,
  trackerSk,
  workspacePk,
} from './keys';
import { conditional, db, deleteIf, getItems, putIf, queryAll, tableName, updateIf } from './table';
import { TABLE_DESIGN } from './table-design';
import { getSettings, settingsKey, toSettings } from './users';

/**
 * The analytics items' writes and the collector's reads (docs/data-model.md#analytics): trackers with
 * their sparse gsi2 METRICSDUE entry (access pattern 20), snapshots, and rollups, each under USER#<id>.
 * The read API reads rollups and snapshots itself (data/analytics-read.ts).
 */
/** One reading as a rollup counts it (nulls as 0). */
export interface AppliedReading {
  at: string;
  views: number;
  likes: number;
  comments: number;
  shares: number;
  saves: number;
}

/** A rollup as stored: the contract's shape plus what it has counted of each post, and its write counter. */
export interface StoredRollup extends RollupItem {
  /** postId → the reading counted (`published:<postId>` / `failed:<postId>` mark the outcome counted). */
  applied: Record<string, AppliedReading>;
  rev: number;
}

/** A due tracker as the index lists it; `key` is the index value read (the claim is conditional on it). */
export interface DueTracker {
  userId: string;
  postId: string;
  platform: Platform;
  socialAccountId: string;
  accountId: string;
  key: string;
}

export function emptyRollup(day: string, platform: Platform): StoredRollup {
  return { ...zeroRollup(day, platform), applied: {}, rev: 0 };
}

const DUE = TABLE_DESIGN.indexes.openByDue;
/** A rollup write retries this often when other writes keep coming between its read and its write. */
const ROLLUP_ATTEMPTS = 8;

function trackerItem(tracker: TrackerItem): Record<string, unknown> {
  return {
    pk: workspacePk(tracker.userId),
    sk: trackerSk(tracker.postId, tracker.platform),
    type: 'MetricsTracker',
    ...tracker,
    ...(tracker.nextAt && tracker.status === 'collecting'
      ? { [DUE.partitionKey]: METRICS_DUE_PK, [DUE.sortKey]: metricsDueSk(tracker.nextAt, tracker.userId, tracker.postId, tracker.platform) }
      : {}),
  };
}

function toTracker(item: Record<string, unknown>): TrackerItem {
  const { pk: _pk, sk: _sk, type: _type, [DUE.partitionKey]: _dpk, [DUE.sortKey]: _dsk, ...tracker } = item;
  return tracker as unknown as TrackerItem;
}

async function createTracker(tracker: TrackerItem): Promise<boolean> {
  return putIf({ Item: trackerItem(tracker), ConditionExpression: 'attribute_not_exists(pk)' });
}

async function getTracker(userId: string, postId: string, platform: Platform): Promise<TrackerItem | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: { pk: workspacePk(userId), sk: trackerSk(postId, platform) }, ConsistentRead: true }),
  );
  return Item ? toTracker(Item) : null;
}

/** Conditional on what the collector read: the same step, failures, reading and status. */
async function replaceTracker(before: TrackerItem, after: TrackerItem): Promise<boolean> {
  return putIf({
    Item: trackerItem(after),
    // Before the first reading collectedAt is null: "not a string" says so without comparing with NULL.
    ConditionExpression: `attribute_exists(pk) AND #step = :step AND failures = :failures AND #status = :status AND ${
      before.collectedAt === null ? 'NOT attribute_type(collectedAt, :string)' : 'collectedAt = :collectedAt'
    }`,
    ExpressionAttributeNames: { '#step': 'step', '#status': 'status' },
    ExpressionAttributeValues: {
      ':step': before.step,
      ':failures': before.failures,
      ':status': before.status,
      ...(before.collectedAt === null ? { ':string': 'S' } : { ':collectedAt': before.collectedAt }),
    },
  });
}

async function updateRollup(
  userId: string,
  sk: string,
  base: { day: string; platform: Platform },
  change: (rollup: StoredRollup) => StoredRollup | null,
): Promise<void> {
  for (let attempt = 0; attempt < ROLLUP_ATTEMPTS; attempt++) {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: workspacePk(userId), sk }, ConsistentRead: true }));
    const current: StoredRollup = Item ? { ...emptyRollup(base.day, base.platform), ...(Item as Partial<StoredRollup>) } : emptyRollup(base.day, base.platform);
    const next = change(current);
    if (!next) return;
    const { pk: _pk, sk: _sk, ...fields } = next as StoredRollup & { pk?: string; sk?: string };
    const written = await putIf({
      Item: { ...fields, pk: workspacePk(userId), sk, type: 'Rollup', rev: current.rev + 1 },
      ConditionExpression: Item ? 'rev = :rev' : 'attribute_not_exists(pk)',
      ...(Item ? { ExpressionAttributeValues: { ':rev': current.rev } } : {}),
    });
    if (written) return;
  }
  throw new Error(`Rollup ${sk} kept changing under this write`);
}

/** A target's outcome as a rollup counts it once: the mark `<outcome>:<postId>`, and its hour cell when published. */
export interface OutcomeCount {
  postId: string;
  outcome: 'published' | 'failed';
  /** `weekday:hour` of the post's publishing in the user's timezone, or null (a failure has none). */
  cell: string | null;
  at: string;
}

/**
 * Counts a target's outcome in one rollup, once. Every publish adds to its day's rollup, so a busy
 * minute's publishers all write the same item: a read-modify-write would cost two requests and then
 * retry each time another publisher came between. One UpdateItem adds the outcome where it stands,
 * conditioned on the post's mark being absent, so a redelivery adds nothing and no write can come
 * between. `rev` still moves, so the collector's read-modify-writes (updateRollup) see the change.
 *
 * The first outcome of a day (no item) or of an hour cell (no `hours.<cell>`) has no path to add to:
 * then one consistent read says which, and a conditional put or a conditional update of the whole
 * cell creates it; a writer that wins that race makes this one go round again.
 */
async function countOutcome(userId: string, sk: string, base: { day: string; platform: Platform }, count: OutcomeCount): Promise<void> {
  const mark = `${count.outcome}:${count.postId}`;
  const names: Record<string, string> = { '#applied': 'applied', '#mark': mark, '#outcome': count.outcome, '#hours': 'hours', '#cell': count.cell ?? '' };
  const reading: AppliedReading = { at: count.at, views: 0, likes: 0, comments: 0, shares: 0, saves: 0 };
  const Key = { pk: workspacePk(userId), sk };
  for (let attempt = 0; attempt < ROLLUP_ATTEMPTS; attempt++) {
    const added = await addToRollup(Key, names, reading, count.cell ? 'cell' : 'none');
    if (added) return;
    const { Item } = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key,
        ConsistentRead: true,
        ProjectionExpression: count.cell ? 'pk, #applied.#mark, #hours.#cell' : 'pk, #applied.#mark',
        ExpressionAttributeNames: count.cell
          ? { '#applied': 'applied', '#mark': mark, '#hours': 'hours', '#cell': count.cell }
          : { '#applied': 'applied', '#mark': mark },
      }),
    );
    if (Item && (Item.applied as Record<string, unknown> | undefined)?.[mark]) return;
    if (!Item) {
      const fresh = emptyRollup(base.day, base.platform);
      fresh.applied[mark] = reading;
      fresh[count.outcome] = 1;
      if (count.cell) fresh.hours[count.cell] = { posts: 1, engagements: 0 };
      if (await putIf({ Item: { ...fresh, pk: Key.pk, sk, type: 'Rollup', rev: 1 }, ConditionExpression: 'attribute_not_exists(pk)' })) return;
      continue;
    }
    if (count.cell && !(Item.hours as Record<string, unknown> | undefined)?.[count.cell]) {
      if (await addToRollup(Key, names, reading, 'new-cell')) return;
    }
  }
  throw new Error(`Rollup ${sk} kept changing under this write`);
}

/** DynamoDB's answers to an update through a map or attribute the item does not have. */
const MISSING_PATH = /document path provided in the update expression is invalid|refers to an attribute that does not exist/;

/**
 * One UpdateItem adding the outcome to an existing rollup. `cell`: the hour cell exists and gets +1;
 * `new-cell`: it is created with this post; `none`: no cell. False when the item, the cell (or its
 * absence) or the mark's absence was not as assumed: DynamoDB refuses a path through a missing map
 * as a ValidationException, which is the same "not as assumed" here.
 */
async function addToRollup(
  Key: { pk: string; sk: string },
  names: Record<string, string>,
  reading: AppliedReading,
  cell: 'cell' | 'new-cell' | 'none',
): Promise<boolean> {
  const set = ['#applied.#mark = :reading', '#outcome = if_not_exists(#outcome, :zero) + :one', 'rev = if_not_exists(rev, :zero) + :one'];
  const conditions = ['attribute_exists(pk)', 'attribute_not_exists(#applied.#mark)'];
  const values: Record<string, unknown> = { ':reading': reading, ':one': 1, ':zero': 0 };
  if (cell === 'cell') {
    set.push('#hours.#cell.posts = #hours.#cell.posts + :one');
    conditions.push('attribute_exists(#hours.#cell)');
  } else if (cell === 'new-cell') {
    set.push('#hours.#cell = :cell');
    conditions.push('attribute_not_exists(#hours.#cell)');
    values[':cell'] = { posts: 1, engagements: 0 };
  }
  const expression = `${set.join(', ')} ${conditions.join(' ')}`;
  try {
    return await conditional(
      async () => {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key,
            UpdateExpression: `SET ${set.join(', ')}`,
            ConditionExpression: conditions.join(' AND '),
            ExpressionAttributeNames: Object.fromEntries(Object.entries(names).filter(([name]) => expression.includes(name))),
            ExpressionAttributeValues: values,
          }),
        );
        return true;
      },
      () => false,
    );
  } catch (error) {
    if ((error as Error)?.name === 'ValidationException' && MISSING_PATH.test((error as Error).message)) return false;
    throw error;
  }
}

/**
 * What recording an outcome needs to know first, in one BatchGetItem: the user's timezone (its
 * settings row) and the day a failure of this target was counted, if one was.
 */
async function outcomeContext(userId: string, postId: string, platform: Platform): Promise<{ timeZone: string | null; failedDay: string | null }> {
  const [settings, failure] = await getItems([settingsKey(userId), { pk: workspacePk(userId), sk: failureSk(postId, platform) }]);
  return { timeZone: toSettings(settings).timezone, failedDay: typeof failure?.day === 'string' ? failure.day : null };
}

async function putSnapshot(userId: string, snapshot: SnapshotItem): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { pk: workspacePk(userId), sk: snapshotSk(snapshot.postId, snapshot.platform, snapshot.collectedAt), type: 'MetricsSnapshot', ...snapshot },
    }),
  );
}

/**
 * The latest numbers on the post's target (its Posted card). Neither `version` nor `rev` nor
 * `updated_at` changes: this is not an edit, and the publishing engine's conditions stay as they were.
 */
async function setTargetMetrics(userId: string, postId: string, platform: Platform, metrics: TargetMetrics): Promise<void> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: { pk: workspacePk(userId), sk: postSk(postId) }, ProjectionExpression: 'platforms' }),
  );
  const targets = (Item?.platforms as { id: string; platform: string; status: string }[] | undefined) ?? [];
  const index = targets.findIndex((t) => t.platform === platform && t.status === 'posted');
  if (index < 0) return;
  await updateIf({
    Key: { pk: workspacePk(userId), sk: postSk(postId) },
    UpdateExpression: `SET #platforms[${index}].#metrics = :metrics`,
    ConditionExpression: `attribute_exists(pk) AND #platforms[${index}].id = :id`,
    // Both are DynamoDB reserved words.
    ExpressionAttributeNames: { '#platforms': 'platforms', '#metrics': 'metrics' },
    ExpressionAttributeValues: { ':metrics': metrics, ':id': targets[index].id },
  });
}

/** Due trackers across users (access pattern 20: gsi2 METRICSDUE, sorted by due time), oldest first. */
async function listDue(now: Date, limit: number): Promise<DueTracker[]> {
  const due: DueTracker[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: DUE.indexName,
        // '$' sorts right after '#', so every key whose time is <= now is in.
        KeyConditionExpression: '#pk = :pk AND #sk < :cut',
        ExpressionAttributeNames: { '#pk': DUE.partitionKey, '#sk': DUE.sortKey },
        ExpressionAttributeValues: { ':pk': METRICS_DUE_PK, ':cut': `${now.toISOString()}$` },
        Limit: Math.min(1000, limit - due.length),
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) {
      const t = toTracker(item);
      due.push({
        userId: t.userId,
        postId: t.postId,
        platform: t.platform,
        socialAccountId: t.socialAccountId,
        accountId: t.accountId,
        key: String(item[DUE.sortKey]),
      });
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor && due.length < limit);
  return due;
}

async function claim(due: DueTracker, until: Date): Promise<boolean> {
  return conditional(
    async () => {
      const after = await updateIf({
        Key: { pk: workspacePk(due.userId), sk: trackerSk(due.postId, due.platform) },
        UpdateExpression: 'SET #dsk = :until',
        ConditionExpression: '#dsk = :key',
        ExpressionAttributeNames: { '#dsk': DUE.sortKey },
        ExpressionAttributeValues: { ':key': due.key, ':until': metricsDueSk(until.toISOString(), due.userId, due.postId, due.platform) },
      });
      return after !== null;
    },
    () => false,
  );
}

async function timezoneOf(userId: string): Promise<string | null> {
  return (await getSettings(userId)).timezone;
}

/**
 * The connection's trackers that stopped because it needed reconnecting: one query of the user's
 * trackers (TRACKER_PREFIX), filtered; a reconnect is rare, so reading them all then is fine.
 */
async function trackersStoppedForReconnect(userId: string, socialAccountId: string): Promise<TrackerItem[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: '#status = :stopped AND socialAccountId = :account',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pk': workspacePk(userId), ':prefix': TRACKER_PREFIX, ':stopped': 'needs_reconnect', ':account': socialAccountId },
    ConsistentRead: true,
  });
  return items.map(toTracker);
}

/** Remembers the day whose rollups counted the target as failed. */
async function putFailureDay(userId: string, postId: string, platform: Platform, day: string): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: { pk: workspacePk(userId), sk: failureSk(postId, platform), type: 'MetricsFailure', day } }));
}

async function failureDayOf(userId: string, postId: string, platform: Platform): Promise<string | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: { pk: workspacePk(userId), sk: failureSk(postId, platform) }, ConsistentRead: true }),
  );
  return typeof Item?.day === 'string' ? Item.day : null;
}

async function forgetFailureDay(userId: string, postId: string, platform: Platform): Promise<void> {
  await deleteIf({ Key: { pk: workspacePk(userId), sk: failureSk(postId, platform) } });
}

/** The table as analytics collection sees it (the domain's AnalyticsStore). */
export const tableAnalyticsStore = {
  timezoneOf,
  createTracker,
  getTracker,
  replaceTracker,
  updateRollup,
  countOutcome,
  outcomeContext,
  putSnapshot,
  setTargetMetrics,
  listDue,
  claim,
  trackersStoppedForReconnect,
  putFailureDay,
  failureDayOf,
  forgetFailureDay,
} as const;

/**
 * A deleted post's trackers and snapshots (rollups keep the history they counted). A collector in
 * flight finds no tracker and writes nothing (its tracker write is conditional on the item).
 */
export async function deletePostAnalytics(userId: string, postId: string): Promise<void> {
  const keys = (
    await Promise.all(
      [trackerPrefix(postId), snapshotPrefix(postId), failurePrefix(postId)].map((prefix) =>
        queryAll({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': workspacePk(userId), ':prefix': prefix },
          ProjectionExpression: 'pk, sk',
        }),
      ),
    )
  ).flat();
  for (let i = 0; i < keys.length; i += 25) {
    let requests = keys.slice(i, i + 25).map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } }));
    while (requests.length > 0) {
      const { UnprocessedItems } = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = (UnprocessedItems?.[tableName()] ?? []) as typeof requests;
    }
  }
}
