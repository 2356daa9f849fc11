import { getUsageCount } from './usage';
import { updateIf, userPk } from './table';

/**
 * Bulk import's side of the monthly counter (access pattern 16, the item functions/data/usage.ts keeps:
 * pk = USER#<id>, sk = USAGE#<yyyy-mm>). A chunk of rows claims its allowance in one conditional ADD of
 * n instead of n ADDs of one; the condition keeps the count at or under the limit, so concurrent
 * chunks (or a Compose save meanwhile) can never take it past the limit together.
 */
const usageKey = (userId: string, month: string) => ({ pk: userPk(userId), sk: `USAGE#${month}` });

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
