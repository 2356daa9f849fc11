import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { platformQuotaKey as quotaKey } from './keys';
import { db, tableName, updateIf } from './table';

/**
 * A platform's daily quota for our whole app (access pattern 18): pk = QUOTA#<bucket>,
 * sk = DAY#<yyyy-mm-dd> in the platform's reset time zone (YouTube: Pacific). One conditional ADD per
 * use, so concurrent publishers can never take it past the limit; TTL removes old days.
 */

/** Takes one use of `bucket` on `day`; false when `limit` uses were already taken that day. */
export async function claimQuota(bucket: string, day: string, limit: number, expiresAtSeconds: number): Promise<boolean> {
  const after = await updateIf({
    Key: quotaKey(bucket, day),
    UpdateExpression: 'ADD #count :one SET #type = :type, expiresAt = :expiresAt',
    ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
    ExpressionAttributeNames: { '#count': 'count', '#type': 'type' },
    ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':type': 'PlatformQuota', ':expiresAt': expiresAtSeconds },
  });
  return after !== null;
}

/** How many uses of `bucket` were taken on `day` (0 for a day not yet started): one GetItem. */
export async function getQuotaUsed(bucket: string, day: string): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: quotaKey(bucket, day) }));
  return typeof Item?.count === 'number' ? Item.count : 0;
}
