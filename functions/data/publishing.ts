import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PostTarget } from '@shared/posts';
import type { PostStatus } from '@shared/statuses';
import type { PublishCheckpoint } from '../platforms/types';
import { postIndexKeys, postSk, toPost, type PostRecord } from './posts';
import { conditional, db, queryAll, tableName, userPk } from './table';
import { TABLE_DESIGN } from './table-design';

/**
 * The publishing engine's writes to a post (DESIGN §6). A post is one item whose targets live in the
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

export interface EngineTarget extends PostTarget {
  checkpoint?: PublishCheckpoint | null;
  lease_owner?: string | null;
  lease_until?: string | null;
  attempts?: number;
  platform_post_id?: string | null;
}

export interface EnginePost extends PostRecord {
  platforms: EngineTarget[];
  rev: number;
  watchdog_at: string | null;
}

const key = (userId: string, postId: string) => ({ pk: userPk(userId), sk: postSk(postId) });
const TERMINAL: readonly string[] = ['posted', 'failed'];
export const isTerminal = (target: Pick<PostTarget, 'status'>) => TERMINAL.includes(target.status);

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

/** scheduled → queued for this version; false when the post moved on (edited, deleted, already queued). */
export async function markQueued(userId: string, post: EnginePost, now: Date): Promise<boolean> {
  const names: Record<string, string> = { '#status': 'status', '#version': 'version', '#platforms': 'platforms' };
  const values: Record<string, unknown> = { ':queued': 'queued', ':scheduled': 'scheduled', ':version': post.version, ':now': now.toISOString() };
  const sets = ['#status = :queued', 'updated_at = :now'];
  post.platforms.forEach((target, i) => {
    if (target.status === 'pending') sets.push(`#platforms[${i}].#status = :queued`);
  });
  return conditional(
    async () => {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key(userId, post.id),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: 'attribute_exists(pk) AND #version = :version AND #status = :scheduled',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
      return true;
    },
    () => false,
  );
}

/**
 * Takes target `index` for one publishing step. Refused (false) when the post is no longer this
 * version or open, the target is settled, or another delivery holds an unexpired lease.
 */
export async function takeLease(
  userId: string,
  post: EnginePost,
  index: number,
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const target = post.platforms[index]!;
  const t = `#platforms[${index}]`;
  return conditional(
    async () => {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key(userId, post.id),
          UpdateExpression: `SET ${t}.#status = :publishing, ${t}.lease_owner = :owner, ${t}.lease_until = :until, ${t}.attempts = if_not_exists(${t}.attempts, :zero) + :one, #status = :publishing, updated_at = :now`,
          ConditionExpression:
            `attribute_exists(pk) AND #version = :version AND #status IN (:queued, :publishing) AND ${t}.id = :targetId ` +
            `AND ${t}.#status IN (:pending, :queued, :publishing) AND (attribute_not_exists(${t}.lease_until) OR ${t}.lease_until < :now)`,
          ExpressionAttributeNames: { '#platforms': 'platforms', '#status': 'status', '#version': 'version' },
          ExpressionAttributeValues: {
            ':publishing': 'publishing',
            ':queued': 'queued',
            ':pending': 'pending',
            ':owner': owner,
            ':until': new Date(now.getTime() + leaseMs).toISOString(),
            ':now': now.toISOString(),
            ':zero': 0,
            ':one': 1,
            ':version': post.version,
            ':targetId': target.id,
          },
        }),
      );
      return true;
    },
    () => false,
  );
}

export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

/** Saves the adapter's checkpoint; only the lease holder may (else LeaseLostError: stop before acting). */
export async function saveCheckpoint(userId: string, postId: string, index: number, owner: string, checkpoint: PublishCheckpoint): Promise<void> {
  const t = `#platforms[${index}]`;
  await conditional(
    () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key(userId, postId),
          UpdateExpression: `SET ${t}.checkpoint = :checkpoint`,
          ConditionExpression: `attribute_exists(pk) AND ${t}.lease_owner = :owner`,
          ExpressionAttributeNames: { '#platforms': 'platforms' },
          ExpressionAttributeValues: { ':checkpoint': checkpoint, ':owner': owner },
        }),
      ),
    () => {
      throw new LeaseLostError('Another delivery took over this target');
    },
  );
}

/** Gives the target back (it stays 'publishing' with its checkpoint) for a later step. */
export async function releaseLease(userId: string, postId: string, index: number, owner: string): Promise<void> {
  const t = `#platforms[${index}]`;
  await conditional(
    () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key(userId, postId),
          UpdateExpression: `REMOVE ${t}.lease_owner, ${t}.lease_until`,
          ConditionExpression: `attribute_exists(pk) AND ${t}.lease_owner = :owner`,
          ExpressionAttributeNames: { '#platforms': 'platforms' },
          ExpressionAttributeValues: { ':owner': owner },
        }),
      ),
    () => undefined,
  );
}

export type TargetOutcome =
  | { status: 'posted'; platformPostId: string; postUrl: string; postedAt: string }
  | { status: 'failed'; message: string };

/**
 * Settles one target. With `owner`, only the lease holder may; without (watchdog, DLQ), anyone may
 * settle a target that is still open. Returns the post after the write, or null when the target
 * was already settled (or the lease was lost): the outcome was someone else's to record.
 */
export async function settleTarget(
  userId: string,
  postId: string,
  index: number,
  targetId: string,
  outcome: TargetOutcome,
  now: Date,
  owner?: string,
): Promise<EnginePost | null> {
  const t = `#platforms[${index}]`;
  const values: Record<string, unknown> = { ':targetId': targetId, ':posted': 'posted', ':failed': 'failed', ':one': 1, ':now': now.toISOString() };
  const sets = [`${t}.#status = :outcome`, 'updated_at = :now'];
  if (outcome.status === 'posted') {
    values[':outcome'] = 'posted';
    Object.assign(values, { ':url': outcome.postUrl, ':postedAt': outcome.postedAt, ':platformPostId': outcome.platformPostId, ':null': null });
    sets.push(`${t}.post_url = :url`, `${t}.posted_at = :postedAt`, `${t}.platform_post_id = :platformPostId`, `${t}.error_message = :null`);
  } else {
    values[':outcome'] = 'failed';
    values[':message'] = outcome.message;
    sets.push(`${t}.error_message = :message`);
  }
  let condition = `attribute_exists(pk) AND ${t}.id = :targetId AND NOT (${t}.#status IN (:posted, :failed))`;
  if (owner) {
    values[':owner'] = owner;
    condition += ` AND ${t}.lease_owner = :owner`;
  }
  return conditional(
    async () => {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key(userId, postId),
          UpdateExpression: `SET ${sets.join(', ')} REMOVE ${t}.lease_owner, ${t}.lease_until ADD rev :one`,
          ConditionExpression: condition,
          ExpressionAttributeNames: { '#platforms': 'platforms', '#status': 'status' },
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes ? toEnginePost(Attributes) : null;
    },
    () => null,
  );
}

/**
 * Writes the post's derived status once every target is settled (posted when all posted, failed
 * otherwise) together with its new index keys. Conditioned on `rev`, so only the write that saw
 * the last target's outcome lands. Returns the settled status, or null when nothing changed.
 */
export async function settlePost(
  userId: string,
  post: EnginePost,
  derived: { status: Extract<PostStatus, 'posted' | 'failed'>; publishedAt: string | null; errorMessage: string | null },
  now: Date,
): Promise<boolean> {
  const next: PostRecord = { ...post, status: derived.status, published_at: derived.publishedAt, error_message: derived.errorMessage, updated_at: now.toISOString() };
  const keys = postIndexKeys(userId, next);
  return conditional(
    async () => {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key(userId, post.id),
          UpdateExpression:
            'SET #status = :status, published_at = :publishedAt, error_message = :error, updated_at = :now, ' +
            '#g1pk = :g1pk, #g1sk = :g1sk, #g3pk = :g3pk, #g3sk = :g3sk REMOVE #g2pk, #g2sk',
          ConditionExpression: 'attribute_exists(pk) AND rev = :rev AND #status IN (:scheduled, :queued, :publishing)',
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
            ':scheduled': 'scheduled',
            ':queued': 'queued',
            ':publishing': 'publishing',
          },
        }),
      );
      return true;
    },
    () => false,
  );
}

/** The watchdog's one second chance per post: true for the caller that marks it first. */
export async function markWatchdogRedispatch(userId: string, postId: string, now: Date): Promise<boolean> {
  return conditional(
    async () => {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key(userId, postId),
          UpdateExpression: 'SET watchdog_at = :now',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(watchdog_at) AND #status IN (:scheduled, :queued, :publishing)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':now': now.toISOString(), ':scheduled': 'scheduled', ':queued': 'queued', ':publishing': 'publishing' },
        }),
      );
      return true;
    },
    () => false,
  );
}

/** Open posts (scheduled, queued, publishing) due before `cutoff`, oldest first (access pattern 7). */
export async function listOpenPostsDueBefore(cutoff: Date): Promise<{ userId: string; postId: string }[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: OPEN_BY_DUE.indexName,
    KeyConditionExpression: '#pk = :open AND #sk < :cutoff',
    ExpressionAttributeNames: { '#pk': OPEN_BY_DUE.partitionKey, '#sk': OPEN_BY_DUE.sortKey },
    ExpressionAttributeValues: { ':open': 'OPEN', ':cutoff': cutoff.toISOString() },
    ProjectionExpression: 'pk, sk',
  });
  return items.map((item) => ({ userId: String(item.pk).replace(/^USER#/, ''), postId: String(item.sk).replace(/^POST#/, '') }));
}
