import type Stripe from 'stripe';
import * as z from 'zod';
import * as billingData from '../data/billing';
import { readSubscriptionState, writeSubscriptionState, type SubscriptionState, type SubscriptionToken } from '../data/subscriptions';
import { AppError } from '../lib/errors';
import { logger } from '../lib/logger';
import { stripe, stripeKeys, type StripeApi } from '../lib/stripe';
import { BILLING_MSG } from '@shared/billing';

/**
 * Keeps a user's SUBSCRIPTION row in step with Stripe.
 *
 * Webhooks are triggers, Stripe is the truth: every event that concerns a subscription makes us read
 * the subscription from Stripe and store what it says, so a late, replayed or reordered event can
 * only ever write the current state. Two handlers can still read at different moments and write in
 * the opposite order; `observed_at` (when the state was read) with a compare-and-swap write makes
 * the older read lose. Status precedence: a canceled subscription never comes back to life, and a
 * different (older) subscription never replaces a newer one (Stripe's own `created`).
 */
export const dynamoBillingStore = { ...billingData, readSubscriptionState, writeSubscriptionState };
export type BillingStore = typeof dynamoBillingStore;

export interface BillingDeps {
  stripe: () => Promise<StripeApi>;
  webhookSecret: () => Promise<string>;
  store: BillingStore;
  now: () => Date;
}

export const defaultBillingDeps: BillingDeps = {
  stripe,
  webhookSecret: async () => (await stripeKeys()).webhookSecret,
  store: dynamoBillingStore,
  now: () => new Date(),
};

/** Stripe retries a failed delivery for up to three days; dedupe markers outlive that. */
const EVENT_DEDUPE_SECONDS = 7 * 86_400;
/** Stripe's recommended tolerance between the signature's timestamp and now (docs/threat-model.md#7-stripe-webhooks). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
const TERMINAL_STATUSES = new Set(['canceled', 'incomplete_expired']);

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));
const iso = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null);

/** Stripe's subscription as our row. Since API 2025-03-31 the period lives on the items. */
export function toSubscriptionState(sub: Stripe.Subscription, observedAt: number, eventCreated: number | null): SubscriptionState {
  const item = sub.items?.data?.[0];
  const periodEnd = item?.current_period_end ?? null;
  return {
    id: sub.id,
    status: sub.status,
    product_id: idOf(item?.price?.product) ?? '',
    current_period_end: iso(periodEnd),
    // Newer Dashboards cancel "at period end" by setting cancel_at to the period's end.
    cancel_at_period_end:
      sub.cancel_at_period_end === true || (sub.cancel_at != null && periodEnd != null && sub.cancel_at <= periodEnd && sub.status !== 'canceled'),
    created_at: iso(sub.created)!,
    customer_id: idOf(sub.customer),
    price_id: item?.price?.id ?? null,
    stripe_created: sub.created,
    observed_at: observedAt,
    event_created: eventCreated,
  };
}

/** Whether `incoming` may replace `stored` (the state-machine rule; the write itself is a CAS). */
export function supersedes(stored: SubscriptionState | null, incoming: SubscriptionState): boolean {
  if (!stored) return true;
  if (stored.id !== incoming.id) return incoming.stripe_created >= stored.stripe_created;
  if (TERMINAL_STATUSES.has(stored.status) && !TERMINAL_STATUSES.has(incoming.status)) return false;
  return incoming.observed_at >= stored.observed_at;
}

/** Where a subscription is kept: the user's row, or parked on a public checkout until signup. */
export type SubscriptionOwner = { userId: string } | { sessionId: string };

interface Slot {
  read(): Promise<{ state: SubscriptionState | null; token: SubscriptionToken } | undefined>;
  write(state: SubscriptionState, token: SubscriptionToken): Promise<boolean>;
}

function slotOf(owner: SubscriptionOwner, deps: BillingDeps): Slot {
  const { store } = deps;
  if ('userId' in owner) {
    return {
      read: () => store.readSubscriptionState(owner.userId),
      write: (state, token) => store.writeSubscriptionState(owner.userId, state, token, deps.now()),
    };
  }
  return {
    read: () => store.readParkedSubscription(owner.sessionId),
    write: (state, token) => store.writeParkedSubscription(owner.sessionId, state, token),
  };
}

/** Stores `incoming` unless something newer is there; returns what is stored afterwards. */
export async function storeSubscription(owner: SubscriptionOwner, incoming: SubscriptionState, deps: BillingDeps): Promise<SubscriptionState | null> {
  const slot = slotOf(owner, deps);
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await slot.read();
    if (!current) return null; // a checkout pointer that no longer exists
    if (!supersedes(current.state, incoming)) return current.state;
    if (await slot.write(incoming, current.token)) return incoming;
  }
  throw new Error(`Could not store subscription ${incoming.id}: too many concurrent writes`);
}

/** Reads the subscription from Stripe and stores it with its owner. */
export async function syncSubscription(subscriptionId: string, options: { owner?: SubscriptionOwner; eventCreated?: number | null }, deps: BillingDeps) {
  const observedAt = deps.now().getTime();
  const sub = await (await deps.stripe()).subscriptions.retrieve(subscriptionId);
  const state = toSubscriptionState(sub, observedAt, options.eventCreated ?? null);
  const owner = options.owner ?? (await ownerOf(sub, deps));
  if (!owner) {
    // A public checkout's subscription can be announced before its checkout.session.completed;
    // that event reads the subscription again, so nothing is lost by waiting for it.
    logger.info('Subscription has no known owner yet', { subscriptionId });
    return null;
  }
  return storeSubscription(owner, state, deps);
}

async function ownerOf(sub: Stripe.Subscription, deps: BillingDeps): Promise<SubscriptionOwner | undefined> {
  const customerId = idOf(sub.customer);
  const link = customerId ? await deps.store.getCustomerLink(customerId) : undefined;
  if (link?.userId) return { userId: link.userId };
  // Set by our signed-in checkout (subscription_data.metadata), never by a browser.
  if (sub.metadata?.userId) return { userId: sub.metadata.userId };
  if (link?.sessionId) return { sessionId: link.sessionId };
  return undefined;
}

/** Why a signed delivery is still refused (the signature proves who sent it, not what it holds). */
export const WEBHOOK_MSG = {
  notAnEvent: 'The webhook body is not a Stripe event',
} as const;

/**
 * The least an event must be before we act on it. A signed body that is not JSON, or is an array,
 * or lacks an id would otherwise throw deep inside (a 500 that Stripe retries for three days) or
 * write a dedupe marker for `undefined`.
 */
const WebhookEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().nonnegative(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** The `t=` of a Stripe-Signature header (seconds), or null when there is none. */
function signedAt(signature: string): number | null {
  for (const part of signature.split(',')) {
    const [name, value] = part.split('=', 2);
    if (name?.trim() === 't' && value && /^\d{1,12}$/.test(value.trim())) return Number(value.trim());
  }
  return null;
}

/** Stripe's "resource_missing": the object the event names does not exist (another account, test data deleted). */
function isMissingInStripe(error: unknown): boolean {
  const e = error as { type?: string; code?: string; statusCode?: number } | null;
  return e?.type === 'StripeInvalidRequestError' && (e.code === 'resource_missing' || e.statusCode === 404);
}

/**
 * Verifies and handles one webhook delivery. A bad signature, a timestamp outside the tolerance
 * (past or future), or a body that is not an event writes nothing (400); a duplicate event id is
 * acknowledged without work; an event about an object Stripe does not know is acknowledged and
 * ignored (retrying cannot help); any other failure forgets the event so Stripe's retry is handled.
 */
export async function handleStripeWebhook(
  rawBody: string,
  signature: string | undefined,
  deps: BillingDeps = defaultBillingDeps,
): Promise<{ received: true; duplicate?: true; ignored?: true }> {
  if (!signature) throw new AppError('INVALID_SIGNATURE', 400, BILLING_MSG.invalidSignature);
  const nowMs = deps.now().getTime();
  // The library refuses old timestamps only; one from the future would let a captured delivery be
  // replayed until that time, so the tolerance applies both ways.
  const t = signedAt(signature);
  if (t !== null && t - Math.floor(nowMs / 1000) > WEBHOOK_TOLERANCE_SECONDS) throw new AppError('INVALID_SIGNATURE', 400, BILLING_MSG.invalidSignature);
  let parsed: unknown;
  try {
    parsed = (await deps.stripe()).webhooks.constructEvent(rawBody, signature, await deps.webhookSecret(), WEBHOOK_TOLERANCE_SECONDS, undefined, nowMs);
  } catch (error) {
    if ((error as Error)?.name === 'StripeSignatureVerificationError' || (error as { type?: string })?.type === 'StripeSignatureVerificationError') {
      throw new AppError('INVALID_SIGNATURE', 400, BILLING_MSG.invalidSignature);
    }
    // The signature held (the library checks it before parsing), but the body is not JSON.
    if (error instanceof SyntaxError) throw new AppError('INVALID_EVENT', 400, WEBHOOK_MSG.notAnEvent);
    throw error;
  }
  if (!WebhookEventSchema.safeParse(parsed).success) throw new AppError('INVALID_EVENT', 400, WEBHOOK_MSG.notAnEvent);
  const event = parsed as Stripe.Event;
  const expiresAt = Math.floor(nowMs / 1000) + EVENT_DEDUPE_SECONDS;
  if (!(await deps.store.claimEvent(event.id, event.type, expiresAt))) return { received: true, duplicate: true };
  try {
    await applyEvent(event, deps);
  } catch (error) {
    await deps.store.releaseEvent(event.id).catch(() => undefined);
    if (isMissingInStripe(error)) {
      logger.warn('Ignoring a Stripe event about an object Stripe does not know', { eventId: event.id, type: event.type });
      return { received: true, ignored: true };
    }
    throw error;
  }
  return { received: true };
}

async function applyEvent(event: Stripe.Event, deps: BillingDeps): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutCompleted(event.data.object, event.created, deps);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      await syncSubscription(event.data.object.id, { eventCreated: event.created }, deps);
      return;
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'invoice.payment_succeeded': {
      const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
      if (subscriptionId) await syncSubscription(subscriptionId, { eventCreated: event.created }, deps);
      return;
    }
    default:
      logger.debug('Ignoring Stripe event', { type: event.type });
  }
}

/**
 * Whether a completed checkout settled the subscription: paid, or nothing to pay. Stripe reports
 * `no_payment_required` for a trial or a 100%-off promotion code; the plan is granted all the same
 * (Stripe's Checkout Session object, `payment_status`). `unpaid` (e.g. a delayed payment method still
 * pending) grants nothing until checkout.session.async_payment_succeeded.
 */
export function checkoutSettled(session: Pick<Stripe.Checkout.Session, 'mode' | 'payment_status'>): boolean {
  return session.mode === 'subscription' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
}

async function checkoutCompleted(session: Stripe.Checkout.Session, eventCreated: number, deps: BillingDeps): Promise<void> {
  const { store } = deps;
  const checkout = await store.getCheckout(session.id);
  if (!checkout) {
    logger.warn('Checkout session we did not start', { sessionId: session.id });
    return;
  }
  if (!checkoutSettled(session)) return;
  const customerId = idOf(session.customer);
  const subscriptionId = idOf(session.subscription);
  await store.markCheckoutPaid(session.id, { customerId, subscriptionId });
  const owner: SubscriptionOwner = checkout.userId ? { userId: checkout.userId } : { sessionId: session.id };
  if (customerId) await store.linkCustomer(customerId, owner, deps.now());
  if (!subscriptionId) return;
  // A public checkout whose signup already happened: the customer link now names the user.
  const link = customerId ? await store.getCustomerLink(customerId) : undefined;
  await syncSubscription(subscriptionId, { owner: link?.userId ? { userId: link.userId } : owner, eventCreated }, deps);
}
