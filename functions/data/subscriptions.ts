import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Subscription } from '@shared/subscription';
import { SUBSCRIPTION_SK, workspacePk } from './keys';
import { db, putIf, tableName } from './table';

/**
 * A user's subscription (access pattern 1): pk = USER#<id>, sk = SUBSCRIPTION. Billing
 * writes it from Stripe's webhooks; everything else only reads it.
 */
/** The row's key, for reads that batch it with others (the publisher's first read). */
export const subscriptionKey = (userId: string) => ({ pk: workspacePk(userId), sk: SUBSCRIPTION_SK });

export function toSubscription(item: Record<string, unknown>): Subscription {
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
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: subscriptionKey(userId) }));
  return Item ? toSubscription(Item) : null;
}

/**
 * Billing's view of the row: the subscription plus what keeps it in step with Stripe. `observed_at`
 * (epoch ms) is when this state was read from Stripe; writes are compare-and-swap on it, so a
 * webhook that read older state never overwrites newer state (functions/domain/billing-sync.ts
 * decides what is newer). `stripe_created` is the Stripe subscription's own `created` (seconds).
 */
export interface SubscriptionState extends Subscription {
  customer_id: string | null;
  price_id: string | null;
  stripe_created: number;
  observed_at: number;
  /** `created` of the webhook event that led to this write, if one did (seconds). */
  event_created: number | null;
}

/** What a later compare-and-swap must find: no row, a row without a version, or this version. */
export type SubscriptionToken = { exists: false } | { exists: true; observedAt: number | null };

function toState(item: Record<string, unknown>): SubscriptionState {
  const subscription = toSubscription(item);
  return {
    ...subscription,
    customer_id: typeof item.customer_id === 'string' ? item.customer_id : null,
    price_id: typeof item.price_id === 'string' ? item.price_id : null,
    // Rows written before billing kept these (test seeds) count as created at created_at, never observed.
    stripe_created: typeof item.stripe_created === 'number' ? item.stripe_created : Math.floor(Date.parse(subscription.created_at) / 1000) || 0,
    observed_at: typeof item.observed_at === 'number' ? item.observed_at : 0,
    event_created: typeof item.event_created === 'number' ? item.event_created : null,
  };
}

export async function readSubscriptionState(userId: string): Promise<{ state: SubscriptionState | null; token: SubscriptionToken }> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: workspacePk(userId), sk: SUBSCRIPTION_SK }, ConsistentRead: true }));
  if (!Item) return { state: null, token: { exists: false } };
  return { state: toState(Item), token: { exists: true, observedAt: typeof Item.observed_at === 'number' ? Item.observed_at : null } };
}

/** Writes the row if it is still as read (`token`); false when someone else wrote in between. */
export async function writeSubscriptionState(userId: string, state: SubscriptionState, token: SubscriptionToken, now: Date): Promise<boolean> {
  return putIf({
    Item: { pk: workspacePk(userId), sk: SUBSCRIPTION_SK, type: 'Subscription', ...state, updated_at: now.toISOString() },
    ...casCondition(token),
  });
}

function casCondition(token: SubscriptionToken) {
  if (!token.exists) return { ConditionExpression: 'attribute_not_exists(pk)' };
  if (token.observedAt === null) return { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(observed_at)' };
  return { ConditionExpression: 'observed_at = :prev', ExpressionAttributeValues: { ':prev': token.observedAt } };
}
