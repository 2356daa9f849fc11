import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SubscriptionState, SubscriptionToken } from './subscriptions';
import { checkoutId, checkoutKey, stripeCustomerKey as customerKey, stripeEventKey as eventKey, workspacePk } from './keys';
import { conditional, db, putIf, tableName, updateIf } from './table';
import { TABLE_DESIGN } from './table-design';

/**
 * Billing's pointer items (access pattern 8: pk = sk = <KIND>#<id>), the lookups Stripe's webhooks
 * and the public signup completion need when no user is signed in:
 *  - CHECKOUT#<sessionId>: who a checkout is for (email, product, the user when signed in), whether
 *    it was paid, whether a signup already used it, and, for a public checkout, the subscription
 *    parked until complete-signup attaches it to the new account (`parked`, CAS on parked.observed_at).
 *    An unpaid one expires (TTL expiresAt); a paid one is kept. A signed-in checkout also leaves a
 *    marker USER#<id> / CHECKOUT#<sessionId>, so account deletion finds the pointer.
 *  - STRIPECUSTOMER#<customerId>: the user a Stripe customer belongs to, or the public checkout it
 *    came from while that has no account yet.
 *  - STRIPEEVENT#<eventId>: a processed webhook event (dedupe), expiring after Stripe's retry window.
 */
const TTL = TABLE_DESIGN.ttlAttribute;

export interface CheckoutRecord {
  sessionId: string;
  /** Lower-cased. */
  email: string;
  productId: string;
  /** Set for a signed-in checkout. */
  userId: string | null;
  paid: boolean;
  used: boolean;
  customerId: string | null;
  subscriptionId: string | null;
  createdAt: string;
}

export async function saveCheckout(record: Omit<CheckoutRecord, 'paid' | 'used' | 'customerId' | 'subscriptionId'>, expiresAt: number): Promise<void> {
  // The marker first: if the pointer's write then fails, the marker points at nothing, which is harmless.
  if (record.userId) {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { pk: workspacePk(record.userId), sk: checkoutId(record.sessionId), type: 'CheckoutMarker', createdAt: record.createdAt },
      }),
    );
  }
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...checkoutKey(record.sessionId), type: 'Checkout', ...record, userId: record.userId ?? undefined, paid: false, used: false, [TTL]: expiresAt },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getCheckout(sessionId: string): Promise<CheckoutRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: checkoutKey(sessionId), ConsistentRead: true }));
  if (!Item) return undefined;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    sessionId,
    email: String(Item.email),
    productId: String(Item.productId),
    userId: text(Item.userId),
    paid: Item.paid === true,
    used: Item.used === true,
    customerId: text(Item.customerId),
    subscriptionId: text(Item.subscriptionId),
    createdAt: String(Item.createdAt),
  };
}

/** Paid: keep it (no more TTL) and remember Stripe's customer and subscription. */
export async function markCheckoutPaid(sessionId: string, ids: { customerId: string | null; subscriptionId: string | null }): Promise<void> {
  await conditional(
    () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: checkoutKey(sessionId),
          UpdateExpression: 'SET paid = :true, customerId = :customer, subscriptionId = :subscription REMOVE #ttl',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#ttl': TTL },
          ExpressionAttributeValues: { ':true': true, ':customer': ids.customerId, ':subscription': ids.subscriptionId },
        }),
      ),
    () => undefined,
  );
}

/** Takes the checkout for one signup: true for exactly one caller. */
export async function claimCheckout(sessionId: string, now: Date): Promise<boolean> {
  const after = await updateIf({
    Key: checkoutKey(sessionId),
    UpdateExpression: 'SET used = :true, claimedAt = :now',
    ConditionExpression: 'attribute_exists(pk) AND used = :false AND attribute_not_exists(userId)',
    ExpressionAttributeValues: { ':true': true, ':false': false, ':now': now.toISOString() },
  });
  return after !== null;
}

/** Gives a claim back when the signup failed before an account existed. */
export async function releaseCheckout(sessionId: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: checkoutKey(sessionId),
      UpdateExpression: 'SET used = :false REMOVE claimedAt',
      ExpressionAttributeValues: { ':false': false },
    }),
  );
}

/** Records which account the payment became. */
export async function finishCheckout(sessionId: string, userId: string, now: Date): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: checkoutKey(sessionId),
      UpdateExpression: 'SET claimedBy = :user, completedAt = :now',
      ExpressionAttributeValues: { ':user': userId, ':now': now.toISOString() },
    }),
  );
}

export async function readParkedSubscription(sessionId: string): Promise<{ state: SubscriptionState | null; token: SubscriptionToken } | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: checkoutKey(sessionId), ConsistentRead: true }));
  if (!Item) return undefined;
  const parked = Item.parked as SubscriptionState | undefined;
  return parked ? { state: parked, token: { exists: true, observedAt: parked.observed_at } } : { state: null, token: { exists: false } };
}

/** Parks a public checkout's subscription on its pointer, if the pointer is still as read. */
export async function writeParkedSubscription(sessionId: string, state: SubscriptionState, token: SubscriptionToken): Promise<boolean> {
  const condition = token.exists
    ? {
        ConditionExpression: 'attribute_exists(pk) AND parked.observed_at = :prev',
        ExpressionAttributeValues: { ':state': state, ':prev': token.observedAt ?? 0 },
      }
    : { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(parked)', ExpressionAttributeValues: { ':state': state } };
  return conditional(
    async () => {
      await db().send(new UpdateCommand({ TableName: tableName(), Key: checkoutKey(sessionId), UpdateExpression: 'SET parked = :state', ...condition }));
      return true;
    },
    () => false,
  );
}

export interface CustomerLink {
  customerId: string;
  userId: string | null;
  sessionId: string | null;
}

export async function getCustomerLink(customerId: string): Promise<CustomerLink | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: customerKey(customerId), ConsistentRead: true }));
  if (!Item) return undefined;
  return { customerId, userId: typeof Item.userId === 'string' ? Item.userId : null, sessionId: typeof Item.sessionId === 'string' ? Item.sessionId : null };
}

/**
 * Links a Stripe customer to a user or (public checkout, no account yet) to its checkout. A user
 * link is final: a customer never moves to another user.
 */
export async function linkCustomer(customerId: string, link: { userId: string } | { sessionId: string }, now: Date): Promise<void> {
  const field = 'userId' in link ? 'userId' : 'sessionId';
  const value = 'userId' in link ? link.userId : link.sessionId;
  await conditional(
    () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: customerKey(customerId),
          UpdateExpression: 'SET #field = :value, #type = :type, updatedAt = :now',
          ConditionExpression: 'attribute_not_exists(userId) OR userId = :value',
          ExpressionAttributeNames: { '#field': field, '#type': 'type' },
          ExpressionAttributeValues: { ':value': value, ':type': 'StripeCustomer', ':now': now.toISOString() },
        }),
      ),
    () => undefined,
  );
}

/** Records a webhook event as being handled: true the first time, false for a duplicate. */
export async function claimEvent(eventId: string, type: string, expiresAt: number): Promise<boolean> {
  return putIf({ Item: { ...eventKey(eventId), type: 'StripeEvent', eventType: type, [TTL]: expiresAt }, ConditionExpression: 'attribute_not_exists(pk)' });
}

/** Forgets an event whose handling failed, so Stripe's retry is handled instead of deduplicated. */
export async function releaseEvent(eventId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: eventKey(eventId) }));
}
