import { AdminDeleteUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { UPCOMING_STATUSES, type PostStatus } from '@shared/statuses';
import { cognitoClient, s3Client } from '../lib/aws';
import { env } from '../lib/env';
import { CHECKOUT_PREFIX, checkoutKey, DELETION_SK, OAUTH_STATE_PREFIX, oauthStateKey, POST_PREFIX, stripeCustomerKey, userPk, workspacePk } from './keys';
import { conditional, db, deleteItems, queryAll, tableName, type ItemKey } from './table';

/**
 * What account deletion needs from storage (access patterns 2, 8 and 9 of table-design.ts):
 *  - every item under pk = USER#<id> (one partition: settings, profile, subscription, accounts,
 *    tokens, posts, media rows, clients, notifications, usage, OAuth markers), deleted in batches;
 *  - the pointer items outside it, each found from something under USER#<id>: OAUTHSTATE#<state>
 *    from the user's OAUTHSTATE# markers, STRIPECUSTOMER#<id> from the subscription's customer, and
 *    CHECKOUT#<session> from that customer pointer (public checkout) or from CHECKOUT# markers;
 *  - the media bucket's objects under `{userId}/` and `avatars/{userId}-`;
 *  - the Cognito user.
 * Every function here is idempotent: running it again after it (or part of it) ran is a no-op.
 */

/** Marks the account as being deleted (kept until the very end; records when it started and each attempt). */
export async function markDeleting(userId: string, now: Date): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: userPk(userId), sk: DELETION_SK },
      UpdateExpression: 'SET #type = :type, startedAt = if_not_exists(startedAt, :now), lastAttemptAt = :now ADD attempts :one',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':type': 'AccountDeletion', ':now': now.toISOString(), ':one': 1 },
    }),
  );
}

async function queryPartition(
  pk: string,
  options: { prefix?: string; projection: string; names?: Record<string, string> },
): Promise<Record<string, unknown>[]> {
  return queryAll({
    TableName: tableName(),
    KeyConditionExpression: options.prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk, ...(options.prefix ? { ':prefix': options.prefix } : {}) },
    ProjectionExpression: options.projection,
    ExpressionAttributeNames: options.names,
    ConsistentRead: true,
  });
}

/** Ids of the workspace's posts that may own a schedule (scheduled, queued, publishing). */
export async function openPostIds(workspaceId: string): Promise<string[]> {
  const posts = await queryPartition(workspacePk(workspaceId), { prefix: POST_PREFIX, projection: 'id, #status', names: { '#status': 'status' } });
  return posts.filter((p) => UPCOMING_STATUSES.includes(p.status as PostStatus)).map((p) => String(p.id));
}

/** The states of the user's pending OAuth connects (from the markers under USER#<id>). */
export async function pendingOAuthStates(userId: string): Promise<string[]> {
  const markers = await queryPartition(userPk(userId), { prefix: OAUTH_STATE_PREFIX, projection: 'sk' });
  return markers.map((m) => String(m.sk).slice(OAUTH_STATE_PREFIX.length));
}

/** Checkout sessions the workspace's partition points at (CHECKOUT#<session> markers, if any). */
export async function markedCheckouts(workspaceId: string): Promise<string[]> {
  const markers = await queryPartition(workspacePk(workspaceId), { prefix: CHECKOUT_PREFIX, projection: 'sk' });
  return markers.map((m) => String(m.sk).slice(CHECKOUT_PREFIX.length));
}

/** Deletes a pointer item only if it names this user (never another user's pointer). */
async function deletePointerOf(key: ItemKey, userId: string, condition: string): Promise<void> {
  await conditional(
    () => db().send(new DeleteCommand({ TableName: tableName(), Key: key, ConditionExpression: condition, ExpressionAttributeValues: { ':user': userId } })),
    () => undefined,
  );
}

export const deleteOAuthStatePointer = (state: string, userId: string) => deletePointerOf(oauthStateKey(state), userId, 'userId = :user');

/** A checkout pointer of this user: bought while signed in (userId), or the public checkout the signup claimed (claimedBy). */
export const deleteCheckoutPointer = (sessionId: string, userId: string) =>
  deletePointerOf(checkoutKey(sessionId), userId, 'userId = :user OR claimedBy = :user');

export const deleteCustomerPointer = (customerId: string, userId: string) => deletePointerOf(stripeCustomerKey(customerId), userId, 'userId = :user');

/**
 * Deletes every item under USER#<id> but the deletion mark, in batches of 25, retrying what
 * DynamoDB leaves unprocessed, until a query finds nothing more (a write racing the deletion is
 * swept by the next round).
 */
export async function deleteUserItems(userId: string): Promise<number> {
  let deleted = 0;
  for (;;) {
    const keys = (await queryPartition(userPk(userId), { projection: 'pk, sk' })).filter((k) => k.sk !== DELETION_SK);
    if (keys.length === 0) return deleted;
    await deleteItems(keys.map((k) => ({ pk: String(k.pk), sk: String(k.sk) }) satisfies ItemKey));
    deleted += keys.length;
  }
}

export async function deleteDeletionMark(userId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: userPk(userId), sk: DELETION_SK } }));
}

/** Deletes every object whose key starts with `prefix` (ListObjectsV2 pages of up to 1000 → DeleteObjects). */
export async function deleteObjectsUnder(prefix: string): Promise<number> {
  const bucket = env().MEDIA_BUCKET;
  let deleted = 0;
  let token: string | undefined;
  do {
    const page = await s3Client().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    const keys = (page.Contents ?? []).map((o) => o.Key).filter((k): k is string => Boolean(k));
    if (keys.length > 0) {
      const out = await s3Client().send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
      if (out.Errors?.length) throw new Error(`Could not delete ${out.Errors.length} media objects (first: ${out.Errors[0]?.Key}: ${out.Errors[0]?.Code})`);
      deleted += keys.length;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return deleted;
}

/** Deletes the Cognito user (its username is its `sub`: the pool signs in by e-mail). Already gone is fine. */
export async function deleteLogin(userId: string): Promise<void> {
  const poolId = env().USER_POOL_ID;
  if (!poolId) throw new Error('USER_POOL_ID is not set for this function');
  try {
    await cognitoClient().send(new AdminDeleteUserCommand({ UserPoolId: poolId, Username: userId }));
  } catch (error) {
    if (error instanceof UserNotFoundException || (error as Error)?.name === 'UserNotFoundException') return;
    throw error;
  }
}
