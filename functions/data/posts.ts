import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PostTarget } from '@shared/posts';
import type { PostSeriesLink } from '@shared/recurrence';
import { POST_TABS, UPCOMING_STATUSES, type PostStatus, type PostTabId } from '@shared/statuses';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import { deletePostAnalytics } from './analytics';
import { OPEN_POSTS_PK, openPostSk, POST_PREFIX, postSk, postTabPk, postTabSk, workspacePk } from './keys';
import type { MediaRow } from './media';
import { documentItemSizeBytes, kilobytes, MAX_ITEM_BYTES } from './item-size';
import { TABLE_DESIGN } from './table-design';
import { BY_USER_TIME, conditional, countAll, db, queryAll, tableName } from './table';

/**
 * Posts (access patterns 6, 6a, 6b, 6c, 7, 7d, 14, 15): one item per post, pk = USER#<id>, sk = POST#<ulid>,
 * with its targets and its media embedded, so a post is read and written in one request.
 * Index keys are derived from the post on every write (`postIndexKeys`), never set by callers:
 *  - gsi1 / gsi3: POSTTAB#<userId>#<tab> with the tab's order key (a tab page, the calendar, counts)
 *  - gsi2: OPEN / <scheduled_at>#<userId>#<postId>, only while the post is open (watchdog; sparse)
 */
const BY_TAB_KEYS = TABLE_DESIGN.indexes.postsByTabKeys;
const OPEN_BY_DUE = TABLE_DESIGN.indexes.openByDue;

/** A media file as the post stores it (its media row, less what only the row needs); the API presigns its URL at read time. */
/** A file as its post keeps it: the row's facts plus what belongs to this post only (its alt text). */
export type StoredMedia = Omit<MediaRow, 'post_id' | 'format'> & { alt_text?: string };

/** A post as stored (the domain type); `usage_month` says which month's plan usage it counted in. */
export interface PostRecord {
  id: string;
  title: string | null;
  scheduled_at: string | null;
  published_at: string | null;
  status: PostStatus;
  error_message: string | null;
  youtube_type: 'shorts' | null;
  client_id: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  usage_month: string | null;
  media: StoredMedia[];
  platforms: PostTarget[];
  /** The recurrence series this post is an occurrence of (docs/recurring-posts.md), or null. */
  series?: PostSeriesLink | null;
  /** An Editor's comment when they sent it back for changes (docs/approvals.md); absent on posts never reviewed. */
  review_comment?: string | null;
  /** Who last submitted it for approval (a user id); absent on posts never submitted. */
  submitted_by?: string | null;
  /** Who wrote it in Compose (a user id), whom its publishing outcome is told; absent on posts made otherwise. */
  created_by?: string | null;
  /** The client's latest decision through a review link (docs/review-links.md); absent on posts never reviewed by a client. */
  client_review?: StoredClientReview | null;
}

/** A client's decision as the post keeps it, with the fingerprint of the content and time it was made on. */
export interface StoredClientReview {
  decision: 'approved' | 'changes_requested';
  comment: string | null;
  at: string;
  client_name: string;
  fingerprint: string;
}

const POST_FIELDS = [
  'id',
  'title',
  'scheduled_at',
  'published_at',
  'status',
  'error_message',
  'youtube_type',
  'client_id',
  'version',
  'created_at',
  'updated_at',
  'usage_month',
  'media',
  'platforms',
] as const satisfies readonly (keyof PostRecord)[];

export function tabOf(status: PostStatus): PostTabId {
  return POST_TABS.find((tab) => (tab.statuses as readonly PostStatus[]).includes(status))!.id;
}

/** The order key within a tab; ISO times in UTC with milliseconds sort as text. */
function tabSortKey(post: PostRecord, tab: PostTabId): string {
  const time = {
    scheduled: post.scheduled_at ?? post.created_at,
    approval: post.scheduled_at ?? post.created_at,
    posted: post.published_at ?? post.updated_at,
    drafts: post.created_at,
    failed: post.updated_at,
  }[tab];
  return postTabSk(time, post.id);
}

/** Every index attribute the post carries, derived from its status and times. */
export function postIndexKeys(userId: string, post: PostRecord): Record<string, string> {
  const tab = tabOf(post.status);
  const keys: Record<string, string> = {
    [BY_USER_TIME.partitionKey]: postTabPk(userId, tab),
    [BY_USER_TIME.sortKey]: tabSortKey(post, tab),
    [BY_TAB_KEYS.partitionKey]: postTabPk(userId, tab),
    [BY_TAB_KEYS.sortKey]: tabSortKey(post, tab),
  };
  if (UPCOMING_STATUSES.includes(post.status)) {
    keys[OPEN_BY_DUE.partitionKey] = OPEN_POSTS_PK;
    keys[OPEN_BY_DUE.sortKey] = openPostSk(post.scheduled_at ?? post.created_at, userId, post.id);
  }
  return keys;
}

function toItem(userId: string, post: PostRecord): Record<string, unknown> {
  return { pk: workspacePk(userId), sk: postSk(post.id), type: 'Post', ...post, ...postIndexKeys(userId, post) };
}

/**
 * A post is one item (docs/data-model.md#posts, #item-size), so its captions, title and media together must fit DynamoDB's
 * 400 KB, counted in UTF-8 bytes (an emoji is 4). The last 16 KB are kept for what publishing adds
 * to the item later (statuses, URLs, error texts, checkpoints), so a saved post can always publish.
 */
export const POST_MAX_BYTES = MAX_ITEM_BYTES - 16 * 1024;
export const postTooLargeMessage = (bytes: number) =>
  `This post is too large to save (${kilobytes(bytes)} KB of ${kilobytes(POST_MAX_BYTES)} KB). Shorten the captions or the title.`;

/** Throws the ValidationError a post too large to store gets; callers check before claiming anything. */
export function assertPostFits(userId: string, post: PostRecord): void {
  postItemToWrite(userId, post);
}

/** The item to write for a user's post, or a ValidationError when it would not fit. */
function postItemToWrite(userId: string, post: PostRecord): Record<string, unknown> {
  const item = toItem(userId, post);
  const size = documentItemSizeBytes(item);
  if (size > POST_MAX_BYTES) throw new ValidationError(postTooLargeMessage(size));
  return item;
}

export function toPost(item: Record<string, unknown>): PostRecord {
  const post = Object.fromEntries(POST_FIELDS.map((field) => [field, item[field] ?? null])) as unknown as PostRecord;
  const series = item.series ? { series: item.series as PostSeriesLink } : {};
  // Only a post that went through approval carries these (docs/approvals.md); others stay as they were.
  const review = {
    ...(typeof item.review_comment === 'string' ? { review_comment: item.review_comment } : {}),
    ...(typeof item.submitted_by === 'string' ? { submitted_by: item.submitted_by } : {}),
    ...(item.client_review && typeof item.client_review === 'object' ? { client_review: item.client_review as StoredClientReview } : {}),
    ...(typeof item.created_by === 'string' ? { created_by: item.created_by } : {}),
  };
  // Only an occurrence of a recurring post carries `series` (docs/recurring-posts.md); one-off posts stay as they were.
  return {
    ...post,
    media: (item.media as StoredMedia[] | undefined) ?? [],
    platforms: (item.platforms as PostTarget[] | undefined) ?? [],
    ...series,
    ...review,
  };
}

// ---------------------------------------------------------------------------------------------
// Cursors: the LastEvaluatedKey of a gsi1 query, opaque to the browser and checked on the way in.

type PageKey = Record<'pk' | 'sk' | 'gsi1pk' | 'gsi1sk', string>;
const PAGE_KEY_FIELDS = ['pk', 'sk', BY_USER_TIME.partitionKey, BY_USER_TIME.sortKey].sort();
export const INVALID_CURSOR_MESSAGE = 'This page link is no longer valid. Reload the list.';

export function encodeCursor(key: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** The key a cursor stands for, only if it is a key of this user's tab; anything else is a 400. */
export function decodeCursor(cursor: string, userId: string, tab: PostTabId): PageKey {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ValidationError(INVALID_CURSOR_MESSAGE);
  }
  const valid =
    typeof key === 'object' &&
    key !== null &&
    !Array.isArray(key) &&
    JSON.stringify(Object.keys(key).sort()) === JSON.stringify(PAGE_KEY_FIELDS) &&
    Object.values(key).every((v) => typeof v === 'string') &&
    (key as PageKey).pk === workspacePk(userId) &&
    (key as PageKey).sk.startsWith(POST_PREFIX) &&
    (key as Record<string, string>)[BY_USER_TIME.partitionKey] === postTabPk(userId, tab);
  if (!valid) throw new ValidationError(INVALID_CURSOR_MESSAGE);
  return key as PageKey;
}

// ---------------------------------------------------------------------------------------------
// Reads

export async function getPost(userId: string, id: string): Promise<PostRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: workspacePk(userId), sk: postSk(id) }, ConsistentRead: true }));
  return Item ? toPost(Item) : null;
}

/** Agency filter. The tab key has no client, so this filters after the query: a page may hold fewer than `limit`. */
const clientFilter = (clientId: string | undefined) =>
  clientId ? { FilterExpression: 'client_id = :client', values: { ':client': clientId } } : { FilterExpression: undefined, values: {} };

export interface TabPage {
  items: PostRecord[];
  cursor: string | null;
}

/** One page of a tab in the tab's order: one query on gsi1. */
export async function listTabPage(userId: string, tab: PostTabId, options: { limit: number; cursor?: string; clientId?: string }): Promise<TabPage> {
  const filter = clientFilter(options.clientId);
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: BY_USER_TIME.indexName,
      KeyConditionExpression: '#pk = :pk',
      FilterExpression: filter.FilterExpression,
      ExpressionAttributeNames: { '#pk': BY_USER_TIME.partitionKey },
      ExpressionAttributeValues: { ':pk': postTabPk(userId, tab), ...filter.values },
      // Waiting posts, like scheduled ones, read soonest first: the one due next needs a decision first.
      ScanIndexForward: tab === 'scheduled' || tab === 'approval',
      Limit: options.limit,
      ExclusiveStartKey: options.cursor ? decodeCursor(options.cursor, userId, tab) : undefined,
    }),
  );
  return { items: (page.Items ?? []).map(toPost), cursor: page.LastEvaluatedKey ? encodeCursor(page.LastEvaluatedKey) : null };
}

/** Scheduled-tab posts due in [from, to), soonest first (`from`/`to` are UTC ISO strings with ms). */
export async function listScheduledBetween(userId: string, from: string, to: string, clientId?: string): Promise<PostRecord[]> {
  const filter = clientFilter(clientId);
  const items = await queryAll({
    TableName: tableName(),
    IndexName: BY_USER_TIME.indexName,
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
    FilterExpression: filter.FilterExpression,
    ExpressionAttributeNames: { '#pk': BY_USER_TIME.partitionKey, '#sk': BY_USER_TIME.sortKey },
    ExpressionAttributeValues: { ':pk': postTabPk(userId, 'scheduled'), ':from': from, ':to': to, ...filter.values },
  });
  return items.map(toPost);
}

/**
 * The calendar's posts in [from, to) (access pattern 6b): the open ones (and those waiting for
 * approval) by due time and the published ones by publish time, so a day shows what went out as well as what will.
 * One gsi1 Query per tab partition over the range, run together; no Scan.
 */
export async function listCalendarBetween(userId: string, from: string, to: string, clientId?: string): Promise<PostRecord[]> {
  const filter = clientFilter(clientId);
  const byTab = await Promise.all(
    // Waiting posts too, at the time they ask for, so a reviewer sees them among what goes out.
    (['scheduled', 'approval', 'posted'] as const).map((tab) =>
      queryAll({
        TableName: tableName(),
        IndexName: BY_USER_TIME.indexName,
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
        FilterExpression: filter.FilterExpression,
        ExpressionAttributeNames: { '#pk': BY_USER_TIME.partitionKey, '#sk': BY_USER_TIME.sortKey },
        ExpressionAttributeValues: { ':pk': postTabPk(userId, tab), ':from': from, ':to': to, ...filter.values },
      }).then((items) => items.map((item) => ({ post: toPost(item), at: String(item[BY_USER_TIME.sortKey]) }))),
    ),
  );
  return byTab
    .flat()
    .sort((a, b) => a.at.localeCompare(b.at))
    .map(({ post }) => post);
}

/**
 * Posted-tab posts published in [from, to) (access pattern 6c): the same gsi1 range query on the
 * posted tab, whose order key is <published_at>#<postId>. Platform limits count them.
 */
export async function listPostedBetween(userId: string, from: string, to: string): Promise<PostRecord[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: BY_USER_TIME.indexName,
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
    ExpressionAttributeNames: { '#pk': BY_USER_TIME.partitionKey, '#sk': BY_USER_TIME.sortKey },
    ExpressionAttributeValues: { ':pk': postTabPk(userId, 'posted'), ':from': from, ':to': to },
  });
  return items.map(toPost);
}

/**
 * Every user's open posts due in [from, to) (access pattern 7d): gsi2 = OPEN by due time, the
 * watchdog's sparse index. YouTube's upload quota is per Google project, so its forecast counts
 * across users.
 */
export async function listOpenPostsBetween(from: string, to: string): Promise<PostRecord[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: OPEN_BY_DUE.indexName,
    KeyConditionExpression: '#pk = :open AND #sk BETWEEN :from AND :to',
    ExpressionAttributeNames: { '#pk': OPEN_BY_DUE.partitionKey, '#sk': OPEN_BY_DUE.sortKey },
    ExpressionAttributeValues: { ':open': OPEN_POSTS_PK, ':from': from, ':to': to },
  });
  return items.map(toPost);
}

/**
 * How many posts a tab holds, following every page. Without a client: a COUNT query on the keys-only
 * gsi3. With a client (agency filter): gsi3 has no client_id, so the count runs the tab list's own
 * query on gsi1 with its client filter, and so always agrees with the filtered list.
 */
export async function countTab(userId: string, tab: PostTabId, clientId?: string): Promise<number> {
  const filter = clientFilter(clientId);
  const query = clientId
    ? {
        IndexName: BY_USER_TIME.indexName,
        FilterExpression: filter.FilterExpression,
        ExpressionAttributeNames: { '#pk': BY_USER_TIME.partitionKey },
        ExpressionAttributeValues: { ':pk': postTabPk(userId, tab), ...filter.values },
      }
    : {
        IndexName: BY_TAB_KEYS.indexName,
        ExpressionAttributeNames: { '#pk': BY_TAB_KEYS.partitionKey },
        ExpressionAttributeValues: { ':pk': postTabPk(userId, tab) },
      };
  return countAll({ TableName: tableName(), KeyConditionExpression: '#pk = :pk', ...query });
}

// ---------------------------------------------------------------------------------------------
// Writes

export async function putNewPost(userId: string, post: PostRecord): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: postItemToWrite(userId, post), ConditionExpression: 'attribute_not_exists(pk)' }));
}

/**
 * Replaces the post only if it is still the version and status the caller read: a concurrent edit,
 * or the publisher moving it on, makes this a ConflictError. A whole-item put also drops index keys
 * the new state no longer carries (the watchdog entry of a post that became a draft).
 *
 * A client's decision is written beside the version (`setClientReview`), so a caller that read the
 * post before the client decided would put the older decision back. The put is therefore also
 * conditional on the decision the caller read (`expected.review`, by default the one it writes);
 * when only the decision moved on meanwhile, the put is made again with the stored decision kept.
 * Returns what was written.
 */
export async function replacePost(
  userId: string,
  post: PostRecord,
  expected: { version: number; status: PostStatus; review?: StoredClientReview | null },
): Promise<PostRecord> {
  const conflict = () => {
    throw new ConflictError('This post was changed meanwhile; reload it and try again');
  };
  const put = (item: PostRecord, review: StoredClientReview | null | undefined) =>
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: postItemToWrite(userId, item),
        ConditionExpression: `attribute_exists(pk) AND #version = :version AND #status = :status AND ${review ? 'client_review.#at = :reviewAt' : 'NOT attribute_type(client_review, :map)'}`,
        ExpressionAttributeNames: { '#version': 'version', '#status': 'status', ...(review ? { '#at': 'at' } : {}) },
        ExpressionAttributeValues: { ':version': expected.version, ':status': expected.status, ...(review ? { ':reviewAt': review.at } : { ':map': 'M' }) },
      }),
    );
  const carried = 'review' in expected;
  const written = await conditional(
    () => put(post, carried ? expected.review : post.client_review).then(() => true),
    () => false,
  );
  if (written) return post;
  // The caller set a decision of its own (a client's request for changes): any change meanwhile is a conflict.
  if (carried) conflict();
  const stored = await getPost(userId, post.id);
  if (!stored || stored.version !== expected.version || stored.status !== expected.status) conflict();
  const kept: PostRecord = { ...post };
  delete kept.client_review;
  if (stored!.client_review) kept.client_review = stored!.client_review;
  await conditional(() => put(kept, stored!.client_review), conflict);
  return kept;
}

/**
 * Keeps a client's decision on the post without changing its version: the decision says nothing new
 * about the post itself, so a member's edit under way is not turned into a conflict. Conditional on
 * the version the client saw, the post still being that client's and in one of `statuses`; false
 * when it is not (nothing written).
 */
export async function setClientReview(
  userId: string,
  id: string,
  review: StoredClientReview,
  expected: { version: number; clientId: string; statuses: readonly PostStatus[] },
): Promise<boolean> {
  return conditional(
    async () => {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: workspacePk(userId), sk: postSk(id) },
          UpdateExpression: 'SET client_review = :review',
          ConditionExpression: `attribute_exists(pk) AND #version = :version AND client_id = :client AND #status IN (${expected.statuses.map((_, i) => `:s${i}`).join(', ')})`,
          ExpressionAttributeNames: { '#version': 'version', '#status': 'status' },
          ExpressionAttributeValues: {
            ':review': review,
            ':version': expected.version,
            ':client': expected.clientId,
            ...Object.fromEntries(expected.statuses.map((status, i) => [`:s${i}`, status])),
          },
        }),
      );
      return true;
    },
    () => false,
  );
}

/** Deletes the post and returns what it was; unknown ids (or another user's) are a 404. */
export async function deletePostItem(userId: string, id: string): Promise<PostRecord> {
  const old = await conditional(
    async () => {
      const { Attributes } = await db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: { pk: workspacePk(userId), sk: postSk(id) },
          ConditionExpression: 'attribute_exists(pk)',
          ReturnValues: 'ALL_OLD',
        }),
      );
      return Attributes;
    },
    () => undefined,
  );
  if (!old) throw new NotFoundError('Post not found');
  // Its analytics trackers and snapshots go with it (docs/analytics.md#deleting); rollups keep their history.
  await deletePostAnalytics(userId, id);
  return toPost(old);
}

/** Bulk load (benchmarks, fixtures): 25 puts per request, retrying what DynamoDB left unprocessed. */
export async function putPostsInBatches(userId: string, posts: PostRecord[]): Promise<void> {
  for (let i = 0; i < posts.length; i += 25) {
    let requests = posts.slice(i, i + 25).map((post) => ({ PutRequest: { Item: toItem(userId, post) } }));
    while (requests.length > 0) {
      const { UnprocessedItems } = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = (UnprocessedItems?.[tableName()] ?? []) as typeof requests;
    }
  }
}

/** Moved next to the other CLIENT# keys; re-exported so existing importers keep working. */
export { isUsersClient } from './clients';

/**
 * A deleted client's posts stay, unassigned: clears `client_id` on each of the user's posts that
 * names it. One query over the user's posts (filtered by client; a rare, user-initiated operation)
 * and one conditional update per match. The version is not bumped: this is not an edit, and a
 * scheduled post's dispatch (which carries its version) must still fire. Returns how many changed.
 */
export async function clearClientFromPosts(userId: string, clientId: string): Promise<number> {
  let cleared = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        FilterExpression: 'client_id = :client',
        ExpressionAttributeValues: { ':pk': workspacePk(userId), ':prefix': POST_PREFIX, ':client': clientId },
        ProjectionExpression: 'sk',
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) {
      const changed = await conditional(
        async () => {
          await db().send(
            new UpdateCommand({
              TableName: tableName(),
              Key: { pk: workspacePk(userId), sk: String(item.sk) },
              UpdateExpression: 'SET client_id = :null',
              ConditionExpression: 'client_id = :client',
              ExpressionAttributeValues: { ':null': null, ':client': clientId },
            }),
          );
          return true;
        },
        () => false,
      );
      if (changed) cleared++;
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return cleared;
}
