import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { usageSk, workspacePk } from './keys';
import { db, tableName, updateIf } from './table';

/**
 * The monthly scheduled-post counter (access pattern 16): pk = USER#<id>, sk = USAGE#<yyyy-mm>; this
 * module is its only writer.
 * The local DynamoDB has no transactions (docs/data-model.md#usage-counter), so the counter is claimed with a conditional
 * ADD before the post is written and given back if that write fails. DynamoDB applies conditional
 * updates to one item one at a time, so concurrent claims can never take it past the limit.
 * Compose and recurrence claim one at a time; bulk import claims a chunk of rows in one conditional
 * ADD of n (`claimUsageUpTo`), whose condition keeps the count at or under the limit too, so
 * concurrent chunks (or a Compose save meanwhile) can never take it past the limit together.
 */
const usageKey = (userId: string, month: string) => ({ pk: workspacePk(userId), sk: usageSk(month) });

/** Takes one from the month's allowance; false when the limit is already reached. */
export async function claimUsage(userId: string, month: string, limit: number): Promise<boolean> {
  const after = await updateIf({
    Key: usageKey(userId, month),
    UpdateExpression: 'ADD #count :one SET #type = :type, #month = :month',
    ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
    ExpressionAttributeNames: { '#count': 'count', '#type': 'type', '#month': 'month' },
    ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':type': 'Usage', ':month': month },
  });
  return after !== null;
}

/** Gives a claim back (the post it was for was never written). Never goes below zero. */
export async function releaseUsage(userId: string, month: string): Promise<void> {
  await updateIf({
    Key: usageKey(userId, month),
    UpdateExpression: 'ADD #count :minusOne',
    ConditionExpression: '#count > :zero',
    ExpressionAttributeNames: { '#count': 'count' },
    ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
  });
}

export async function getUsageCount(userId: string, month: string): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: usageKey(userId, month), ConsistentRead: true }));
  return typeof Item?.count === 'number' ? Item.count : 0;
}

/** Takes up to `wanted` from the month's allowance and returns how many it took (0 when none is left). */
export async function claimUsageUpTo(userId: string, month: string, limit: number, wanted: number): Promise<number> {
  for (let attempt = 0; attempt < 5 && wanted > 0; attempt++) {
    const take = Math.min(wanted, limit - (await getUsageCount(userId, month)));
    if (take <= 0) return 0;
    const after = await updateIf({
      Key: usageKey(userId, month),
      UpdateExpression: 'ADD #count :n SET #type = :type, #month = :month',
      ConditionExpression: 'attribute_not_exists(#count) OR #count <= :most',
      ExpressionAttributeNames: { '#count': 'count', '#type': 'type', '#month': 'month' },
      ExpressionAttributeValues: { ':n': take, ':most': limit - take, ':type': 'Usage', ':month': month },
    });
    // Someone else claimed meanwhile: read again and take what is left.
    if (after !== null) return take;
  }
  return 0;
}

/** Gives back `n` claims whose rows were not written. Never below zero. */
export async function releaseUsageBy(userId: string, month: string, n: number): Promise<void> {
  if (n <= 0) return;
  await updateIf({
    Key: usageKey(userId, month),
    UpdateExpression: 'ADD #count :minus',
    ConditionExpression: '#count >= :n',
    ExpressionAttributeNames: { '#count': 'count' },
    ExpressionAttributeValues: { ':minus': -n, ':n': n },
  });
}
