import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ComposeTarget } from '@shared/compose';
import type { Repeat, SeriesStatus } from '@shared/recurrence';
import { ConflictError } from '../lib/errors';
import { postSk, SERIES_DUE_PK, seriesDueSk, seriesSk, workspacePk } from './keys';
import type { StoredMedia } from './posts';
import { TABLE_DESIGN } from './table-design';
import { conditional, db, deleteIf, queryAll, tableName, updateIf } from './table';

/**
 * Recurrence series (docs/recurring-posts.md, access patterns 22 and 22a): one item per series,
 * pk = USER#<id>, sk = SERIES#<ulid>, so account deletion's sweep of USER#<id> takes every rule.
 * While the series is active or paused it carries the sparse gsi2 entry SERIESDUE /
 * <dueAt>#<userId>#<seriesId>: the recurrence sweep queries `gsi2sk <= now` for the series whose
 * window needs extending (no Scan). Every write goes through a short lease (`lease`), so the sweep
 * and an edit never materialize the same occurrence twice.
 */
const BY_DUE = TABLE_DESIGN.indexes.openByDue;
const seriesKey = (userId: string, id: string) => ({ pk: workspacePk(userId), sk: seriesSk(id) });

/**
 * What every occurrence is made from: the Compose content without a time, and the series' own media
 * files (the template: each occurrence gets its own copies of them when it is made).
 */
export interface SeriesTemplate {
  title: string | null;
  client_id: string | null;
  platforms: ComposeTarget[];
  /** Absent on series made before a series could carry media. */
  media?: StoredMedia[];
}

/**
 * The owner a template file's media row names in `post_id`: a row with any owner is attached, so no
 * post can take it and DELETE /api/media refuses it, and the name can never be a post's (a ULID).
 */
export const seriesMediaOwner = (seriesId: string) => seriesSk(seriesId);

export interface UpcomingOccurrence {
  post_id: string;
  index: number;
  scheduled_at: string;
}

export interface SeriesRecord {
  id: string;
  user_id: string;
  repeat: Repeat;
  timezone: string;
  /** The first occurrence of the current rule (UTC); `base_index` is its index in the series. */
  starts_at: string;
  base_index: number;
  /** The index of the next occurrence not yet made into a post. */
  next_index: number;
  template: SeriesTemplate;
  status: SeriesStatus;
  notice: string | null;
  missed: { at: string; reason: string }[];
  upcoming: UpcomingOccurrence[];
  /** When the sweep should look at the series next (null once it has ended). */
  due_at: string | null;
  /**
   * The times (UTC) held by occurrences edited on their own ("this one"): the time each had in the
   * rule and the time it was edited to. Re-making the rule after an "all following" edit skips
   * them, so a detached occurrence stays the only post for its time. Absent on older series.
   */
  detached_times?: string[] | null;
  created_at: string;
  updated_at: string;
}

const FIELDS = [
  'id',
  'user_id',
  'repeat',
  'timezone',
  'starts_at',
  'base_index',
  'next_index',
  'template',
  'status',
  'notice',
  'missed',
  'upcoming',
  'due_at',
  'detached_times',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof SeriesRecord)[];

const toSeries = (item: Record<string, unknown>): SeriesRecord => Object.fromEntries(FIELDS.map((f) => [f, item[f] ?? null])) as unknown as SeriesRecord;

function toItem(series: SeriesRecord): Record<string, unknown> {
  const due =
    series.due_at && series.status !== 'ended'
      ? { [BY_DUE.partitionKey]: SERIES_DUE_PK, [BY_DUE.sortKey]: seriesDueSk(series.due_at, series.user_id, series.id) }
      : {};
  return { ...seriesKey(series.user_id, series.id), type: 'Series', ...series, ...due };
}

export async function getSeries(userId: string, id: string): Promise<SeriesRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: seriesKey(userId, id), ConsistentRead: true }));
  return Item ? toSeries(Item) : null;
}

/** A new series, held under `lease` by its creator until `saveSeries` releases it. */
export async function putNewSeries(series: SeriesRecord, lease: string, leaseUntil: string): Promise<void> {
  await db().send(
    new PutCommand({ TableName: tableName(), Item: { ...toItem(series), lease, lease_until: leaseUntil }, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
}

export const SERIES_BUSY_MESSAGE = 'This series is being updated right now. Try again in a moment.';

/**
 * Takes the series' lease (free, or expired: a crashed holder), returning the series as it is now;
 * null when someone else holds it.
 */
export async function leaseSeries(userId: string, id: string, lease: string, now: Date, seconds = 120): Promise<SeriesRecord | null> {
  const item = await updateIf(
    {
      Key: seriesKey(userId, id),
      UpdateExpression: 'SET lease = :lease, lease_until = :until',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lease_until) OR lease_until < :now)',
      ExpressionAttributeValues: { ':lease': lease, ':until': new Date(now.getTime() + seconds * 1000).toISOString(), ':now': now.toISOString() },
    },
    true,
  );
  return item ? toSeries(item) : null;
}

/** Writes the series and releases the lease; a ConflictError when the lease was lost meanwhile. */
export async function saveSeries(series: SeriesRecord, lease: string): Promise<void> {
  await conditional(
    () =>
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: toItem(series),
          ConditionExpression: 'lease = :lease',
          ExpressionAttributeValues: { ':lease': lease },
        }),
      ),
    () => {
      throw new ConflictError(SERIES_BUSY_MESSAGE);
    },
  );
}

/** Removes a series whose first occurrence could not be made (nothing else was written). */
export async function deleteSeriesItem(userId: string, id: string): Promise<void> {
  await deleteIf({ Key: seriesKey(userId, id) });
}

/** Every user's series due for the sweep at `now` (access pattern 22): gsi2 = SERIESDUE, gsi2sk <= now. */
export async function listDueSeries(now: Date): Promise<{ userId: string; id: string }[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: BY_DUE.indexName,
    KeyConditionExpression: '#pk = :due AND #sk <= :now',
    ExpressionAttributeNames: { '#pk': BY_DUE.partitionKey, '#sk': BY_DUE.sortKey, '#user': 'user_id', '#id': 'id' },
    ExpressionAttributeValues: { ':due': SERIES_DUE_PK, ':now': `${now.toISOString()}#~` },
    ProjectionExpression: '#id, #user',
  });
  return items.map((item) => ({ userId: String(item.user_id), id: String(item.id) }));
}

/**
 * Marks an occurrence as edited on its own ("this one"): it leaves the rule but keeps its link for
 * display. Not an edit of the post, so its version (which its dispatch carries) is not bumped.
 */
export async function markOccurrenceDetached(userId: string, postId: string, version: number): Promise<void> {
  await updateIf({
    Key: { pk: workspacePk(userId), sk: postSk(postId) },
    UpdateExpression: 'SET series.detached = :yes',
    ConditionExpression: 'attribute_exists(series) AND #version = :version',
    ExpressionAttributeNames: { '#version': 'version' },
    ExpressionAttributeValues: { ':yes': true, ':version': version },
  });
}
