import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SocialAccount } from '@shared/accounts';
import type { PostStatus } from '@shared/statuses';
import type { Subscription } from '@shared/subscription';
import { connectionKey, toConnection } from '../../data/connections';
import { OPEN_POSTS_PK, postOfSk, postSk, sessionsKey, workspaceOfPk, workspacePk } from '../../data/keys';
import { postIndexKeys, toPost, type PostRecord } from '../../data/posts';
import { subscriptionKey, toSubscription } from '../../data/subscriptions';
import { db, getItems, queryAll, tableName, updateIf, type ItemKey } from '../../data/table';
import { tokensKey, toTokens } from '../../data/tokens';
import { toSessionGate } from '../../data/users';
import { TABLE_DESIGN } from '../../data/table-design';
import type { TokenSet } from '../../lib/token-set';
import type { PublishCheckpoint } from '../../lib/publish-checkpoint';
import { LeaseLostError, type EnginePost, type EngineTarget, type TargetOutcome, type TargetRef } from '../model';
import type { EngineStore } from '../ports';

/**
 * The engine's store over DynamoDB, the adapter behind EngineStore (docs/publishing.md#exactly-once). A post is one item whose targets live in the
 * `platforms` list, so every step is a conditional update of one list element:
 *  - a target is taken with a lease (owner + until), so two deliveries of the same message never
 *    publish at once and a crashed publisher's lease simply runs out;
 *  - the checkpoint is saved under the lease before each public create;
 *  - a target's outcome bumps the post's `rev`, and the post's own status is settled with a write
 *    conditioned on that `rev`, so concurrent targets finishing can't settle it wrongly.
 * Index keys follow the status as everywhere else (postIndexKeys): a settled post leaves the
 * watchdog index (access pattern 7).
 */
const OPEN_BY_DUE = TABLE_DESIGN.indexes.openByDue;
const BY_USER_TIME = TABLE_DESIGN.indexes.byUserTime;
const BY_TAB_KEYS = TABLE_DESIGN.indexes.postsByTabKeys;

const key = (userId: string, postId: string) => ({ pk: workspacePk(userId), sk: postSk(postId) });
const STILL_OPEN = '#status IN (:scheduled, :queued, :publishing)';
const OPEN_VALUES = { ':scheduled': 'scheduled', ':queued': 'queued', ':publishing': 'publishing' };

function toEnginePost(item: Record<string, unknown>): EnginePost {
  return {
    ...toPost(item),
    platforms: (item.platforms as EngineTarget[] | undefined) ?? [],
    rev: typeof item.rev === 'number' ? item.rev : 0,
    watchdog_at: typeof item.watchdog_at === 'string' ? item.watchdog_at : null,
  };
}

export async function getEnginePost(userId: string, postId: string): Promise<EnginePost | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key(userId, postId), ConsistentRead: true }));
  return Item ? toEnginePost(Item) : null;
}

/** BatchGetItem takes at most 100 keys. */
const BATCH_GET_KEYS = 100;
let waiting: { keys: ItemKey[]; resolve: (items: (Record<string, unknown> | undefined)[]) => void; reject: (error: unknown) => void }[] = [];

/**
 * The deliveries' reads asked for in the same turn of the event loop go out together, up to 100 keys
 * a BatchGetItem. The posts due in one second all read at that second (their timers end together),
 * and the deliveries of one SQS batch arrive together: one round trip each would queue them behind
 * one another on the function's connections and on the table. Each caller's keys stay in one request,
 * so its items are one consistent read as before; a failed request fails each of its callers.
 */
function getItemsTogether(keys: ItemKey[]): Promise<(Record<string, unknown> | undefined)[]> {
  return new Promise((resolve, reject) => {
    if (waiting.length === 0) setImmediate(sendWaiting);
    waiting.push({ keys, resolve, reject });
  });
}

function sendWaiting(): void {
  const callers = waiting;
  waiting = [];
  let batch: typeof callers = [];
  let size = 0;
  for (const caller of callers) {
    if (size + caller.keys.length > BATCH_GET_KEYS && batch.length > 0) {
      void sendBatch(batch);
      batch = [];
      size = 0;
    }
    batch.push(caller);
    size += caller.keys.length;
  }
  if (batch.length > 0) void sendBatch(batch);
}

async function sendBatch(callers: typeof waiting): Promise<void> {
  try {
    const items = await getItems(callers.flatMap((caller) => caller.keys));
    let at = 0;
    for (const caller of callers) {
      caller.resolve(items.slice(at, at + caller.keys.length));
      at += caller.keys.length;
    }
  } catch (error) {
    for (const caller of callers) caller.reject(error);
  }
}

/**
 * The post and whether its user's deletion has begun, in one read: the publisher asks both at
 * the due second, when every post due in it waits on the table.
 */
export async function getPostAndUserClosed(userId: string, postId: string): Promise<{ post: EnginePost | null; userClosed: boolean }> {
  const [post, gate] = await getItemsTogether([key(userId, postId), sessionsKey(userId)]);
  return { post: post ? toEnginePost(post) : null, userClosed: toSessionGate(gate).deletedAt !== null };
}

/**
 * A delivery's first read, in one BatchGetItem: the post, the user's deletion gate and, with the
 * target's social account, the subscription, the account row and its tokens (decrypted only when
 * asked for: most deliveries of a stale message never need them). Five items in one round trip
 * (shared with the other deliveries reading at the same moment) where the publisher used to make
 * four one after the other.
 */
export async function readDelivery(
  userId: string,
  postId: string,
  socialAccountId: string | undefined,
): Promise<{
  post: EnginePost | null;
  userClosed: boolean;
  ahead?: { subscription: Subscription | null; connection: { account: SocialAccount | null; tokens: () => Promise<TokenSet> } };
}> {
  if (!socialAccountId) return getPostAndUserClosed(userId, postId);
  const [post, gate, subscription, account, tokens] = await getItemsTogether([
    key(userId, postId),
    sessionsKey(userId),
    subscriptionKey(userId),
    connectionKey(userId, socialAccountId),
    tokensKey(userId, socialAccountId),
  ]);
  return {
    post: post ? toEnginePost(post) : null,
    userClosed: toSessionGate(gate).deletedAt !== null,
    ahead: {
      subscription: subscription ? toSubscription(subscription) : null,
      connection: { account: account ? toConnection(account) : null, tokens: () => toTokens(tokens) },
    },
  };
}

/** scheduled → queued for this version; false when the post moved on (edited, deleted, already queued). */
export async function markQueued(userId: string, post: EnginePost, now: Date): Promise<boolean> {
  const sets = ['#status = :queued', 'updated_at = :now'];
  post.platforms.forEach((target, i) => {
    if (target.status === 'pending') sets.push(`#platforms[${i}].#status = :queued`);
  });
  const after = await updateIf({
    Key: key(userId, post.id),
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: 'attribute_exists(pk) AND #version = :version AND #status = :scheduled',
    ExpressionAttributeNames: { '#status': 'status', '#version': 'version', '#platforms': 'platforms' },
    ExpressionAttributeValues: { ':queued': 'queued', ':scheduled': 'scheduled', ':version': post.version, ':now': now.toISOString() },
  });
  return after !== null;
}

interface TargetChange {
  set?: string[];
  remove?: string[];
  /** Conditions beyond "this target is still at this index". */
  conditions: string[];
  values?: Record<string, unknown>;
}

const TARGET_NAMES = { '#platforms': 'platforms', '#status': 'status', '#version': 'version' };

/**
 * The one write of a target element, which every engine step on a target is: `change` gets the
 * element's path. Null when a condition failed (the lease was lost, the target settled or the post
 * moved on). `settles`: the write settles the target, so it bumps `rev` (see settlePost) and returns
 * the post item after it.
 */
async function updateTarget(ref: TargetRef, change: (t: string) => TargetChange, settles = false): Promise<Record<string, unknown> | null> {
  const t = `#platforms[${ref.index}]`;
  const { set = [], remove = [], conditions, values = {} } = change(t);
  const update = [set.length ? `SET ${set.join(', ')}` : '', remove.length ? `REMOVE ${remove.join(', ')}` : '', settles ? 'ADD rev :one' : '']
    .filter(Boolean)
    .join(' ');
  const condition = ['attribute_exists(pk)', `${t}.id = :targetId`, ...conditions].join(' AND ');
  const after = await updateIf(
    {
      Key: key(ref.userId, ref.post.id),
      UpdateExpression: update,
      ConditionExpression: condition,
      // DynamoDB refuses names and values an expression does not use.
      ExpressionAttributeNames: Object.fromEntries(Object.entries(TARGET_NAMES).filter(([name]) => `${update} ${condition}`.includes(name))),
      ExpressionAttributeValues: {
        ':targetId': ref.target.id,
        ...(ref.owner && `${update} ${condition}`.includes(':owner') ? { ':owner': ref.owner } : {}),
        ...(settles ? { ':one': 1 } : {}),
        ...values,
      },
    },
    settles,
  );
  return after;
}

const LEASE_HELD = (t: string) => `${t}.lease_owner = :owner`;

/**
 * Takes the target for one publishing step under `ref.owner`. Refused (false) when the post is no
 * longer this version or open, the target is settled, or another delivery holds an unexpired lease.
 */
export async function takeLease(ref: TargetRef & { owner: string }, now: Date, leaseMs: number): Promise<boolean> {
  const after = await updateTarget(ref, (t) => ({
    set: [
      `${t}.#status = :publishing`,
      `${t}.lease_owner = :owner`,
      `${t}.lease_until = :until`,
      `${t}.attempts = if_not_exists(${t}.attempts, :zero) + :one`,
      '#status = :publishing',
      'updated_at = :now',
    ],
    conditions: [
      '#version = :version',
      '#status IN (:queued, :publishing)',
      `${t}.#status IN (:pending, :queued, :publishing)`,
      `(attribute_not_exists(${t}.lease_until) OR ${t}.lease_until < :now)`,
    ],
    values: {
      ':publishing': 'publishing',
      ':queued': 'queued',
      ':pending': 'pending',
      ':until': new Date(now.getTime() + leaseMs).toISOString(),
      ':now': now.toISOString(),
      ':zero': 0,
      ':one': 1,
      ':version': ref.post.version,
    },
  }));
  return after !== null;
}

/** Saves the adapter's checkpoint; only the lease holder may (else LeaseLostError: stop before acting). */
export async function saveCheckpoint(ref: TargetRef & { owner: string }, checkpoint: PublishCheckpoint): Promise<void> {
  const after = await updateTarget(ref, (t) => ({
    set: [`${t}.checkpoint = :checkpoint`],
    conditions: [LEASE_HELD(t)],
    values: { ':checkpoint': checkpoint },
  }));
  if (!after) throw new LeaseLostError('Another delivery took over this target');
}

/** Gives the target back (it stays 'publishing' with its checkpoint) for a later step. */
export async function releaseLease(ref: TargetRef & { owner: string }): Promise<void> {
  await updateTarget(ref, (t) => ({ remove: [`${t}.lease_owner`, `${t}.lease_until`], conditions: [LEASE_HELD(t)] }));
}

/**
 * Settles one target. With `ref.owner`, only the lease holder may; without (watchdog, DLQ), anyone
 * may settle a target that is still open. Returns the post after the write, or null when the target
 * was already settled (or the lease was lost): the outcome was someone else's to record.
 */
export async function settleTarget(ref: TargetRef, outcome: TargetOutcome, now: Date): Promise<EnginePost | null> {
  const after = await updateTarget(
    ref,
    (t) => {
      const values: Record<string, unknown> = { ':posted': 'posted', ':failed': 'failed', ':now': now.toISOString(), ':outcome': outcome.status };
      const set = [`${t}.#status = :outcome`, 'updated_at = :now'];
      if (outcome.status === 'posted') {
        Object.assign(values, { ':url': outcome.postUrl, ':postedAt': outcome.postedAt, ':platformPostId': outcome.platformPostId, ':null': null });
        set.push(`${t}.post_url = :url`, `${t}.posted_at = :postedAt`, `${t}.platform_post_id = :platformPostId`, `${t}.error_message = :null`);
      } else {
        values[':message'] = outcome.message;
        set.push(`${t}.error_message = :message`);
      }
      if (outcome.followUps) {
        values[':followUps'] = outcome.followUps;
        set.push(`${t}.follow_ups = :followUps`);
      }
      const conditions = [`NOT (${t}.#status IN (:posted, :failed))`, ...(ref.owner ? [LEASE_HELD(t)] : [])];
      return { set, remove: [`${t}.lease_owner`, `${t}.lease_until`], conditions, values };
    },
    true,
  );
  return after && toEnginePost(after);
}

/**
 * Writes the post's derived status once every target is settled (posted when all posted, failed
 * otherwise) together with its new index keys. Conditioned on `rev`, so only the write that saw
 * the last target's outcome lands. True when it landed.
 */
export async function settlePost(
  userId: string,
  post: EnginePost,
  derived: { status: Extract<PostStatus, 'posted' | 'failed'>; publishedAt: string | null; errorMessage: string | null },
  now: Date,
): Promise<boolean> {
  const next: PostRecord = {
    ...post,
    status: derived.status,
    published_at: derived.publishedAt,
    error_message: derived.errorMessage,
    updated_at: now.toISOString(),
  };
  const keys = postIndexKeys(userId, next);
  const after = await updateIf({
    Key: key(userId, post.id),
    UpdateExpression:
      'SET #status = :status, published_at = :publishedAt, error_message = :error, updated_at = :now, ' +
      '#g1pk = :g1pk, #g1sk = :g1sk, #g3pk = :g3pk, #g3sk = :g3sk REMOVE #g2pk, #g2sk',
    ConditionExpression: `attribute_exists(pk) AND rev = :rev AND ${STILL_OPEN}`,
    ExpressionAttributeNames: {
      '#status': 'status',
      '#g1pk': BY_USER_TIME.partitionKey,
      '#g1sk': BY_USER_TIME.sortKey,
      '#g3pk': BY_TAB_KEYS.partitionKey,
      '#g3sk': BY_TAB_KEYS.sortKey,
      '#g2pk': OPEN_BY_DUE.partitionKey,
      '#g2sk': OPEN_BY_DUE.sortKey,
    },
    ExpressionAttributeValues: {
      ':status': derived.status,
      ':publishedAt': derived.publishedAt,
      ':error': derived.errorMessage,
      ':now': now.toISOString(),
      ':g1pk': keys[BY_USER_TIME.partitionKey],
      ':g1sk': keys[BY_USER_TIME.sortKey],
      ':g3pk': keys[BY_TAB_KEYS.partitionKey],
      ':g3sk': keys[BY_TAB_KEYS.sortKey],
      ':rev': post.rev,
      ...OPEN_VALUES,
    },
  });
  return after !== null;
}

/** The watchdog's one second chance per post: true for the caller that marks it first. */
export async function markWatchdogRedispatch(userId: string, postId: string, now: Date): Promise<boolean> {
  const after = await updateIf({
    Key: key(userId, postId),
    UpdateExpression: 'SET watchdog_at = :now',
    ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(watchdog_at) AND ${STILL_OPEN}`,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':now': now.toISOString(), ...OPEN_VALUES },
  });
  return after !== null;
}

/** Open posts (scheduled, queued, publishing) due before `cutoff`, oldest first (access pattern 7). */
export async function listOpenPostsDueBefore(cutoff: Date): Promise<{ userId: string; postId: string }[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: OPEN_BY_DUE.indexName,
    KeyConditionExpression: '#pk = :open AND #sk < :cutoff',
    ExpressionAttributeNames: { '#pk': OPEN_BY_DUE.partitionKey, '#sk': OPEN_BY_DUE.sortKey },
    ExpressionAttributeValues: { ':open': OPEN_POSTS_PK, ':cutoff': cutoff.toISOString() },
    ProjectionExpression: 'pk, sk',
  });
  return items.map((item) => ({ userId: workspaceOfPk(String(item.pk)), postId: postOfSk(String(item.sk)) }));
}

/** The engine's store (ports.ts EngineStore) over the table. */
export const tableEngineStore: EngineStore = {
  getPost: getEnginePost,
  getPostAndUserClosed,
  markQueued,
  takeLease,
  saveCheckpoint,
  releaseLease,
  settleTarget,
  settlePost,
  markWatchdogRedispatch,
  listOpenPostsDueBefore,
};
