import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, updateIf, userPk } from './table';

/**
 * The monthly scheduled-post counter (access pattern 16): pk = USER#<id>, sk = USAGE#<yyyy-mm>.
 * The local DynamoDB has no transactions (docs/data-model.md#usage-counter), so the counter is claimed with a conditional
 * ADD before the post is written and given back if that write fails. DynamoDB applies conditional
 * updates to one item one at a time, so concurrent claims can never take it past the limit.
 */
const usageSk = (month: string) => `USAGE#${month}`;

/** Takes one from the month's allowance; false when the limit is already reached. */
export async function claimUsage(userId: string, month: string, limit: number): Promise<boolean> {
  const after = await updateIf({
    Key: { pk: userPk(userId), sk: usageSk(month) },
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
    Key: { pk: userPk(userId), sk: usageSk(month) },
    UpdateExpression: 'ADD #count :minusOne',
    ConditionExpression: '#count > :zero',
    ExpressionAttributeNames: { '#count': 'count' },
    ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
  });
}

export async function getUsageCount(userId: string, month: string): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: userPk(userId), sk: usageSk(month) }, ConsistentRead: true }));
  return typeof Item?.count === 'number' ? Item.count : 0;
}
