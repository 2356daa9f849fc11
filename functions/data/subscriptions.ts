import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Subscription } from '@shared/subscription';
import { db, tableName, userPk } from './table';

/**
 * A user's subscription (access pattern 1): pk = USER#<id>, sk = SUBSCRIPTION. Billing (issue 6)
 * writes it from Stripe's webhooks; everything else only reads it.
 */
export const SUBSCRIPTION_SK = 'SUBSCRIPTION';

function toSubscription(item: Record<string, unknown>): Subscription {
  return {
    id: String(item.id),
    status: String(item.status),
    product_id: String(item.product_id),
    current_period_end: typeof item.current_period_end === 'string' ? item.current_period_end : null,
    cancel_at_period_end: item.cancel_at_period_end === true,
    created_at: String(item.created_at),
  };
}

export async function getSubscription(userId: string): Promise<Subscription | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: userPk(userId), sk: SUBSCRIPTION_SK } }));
  return Item ? toSubscription(Item) : null;
}
