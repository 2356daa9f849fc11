import Stripe from 'stripe';
import { effectivePlan } from '@shared/subscription';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CheckoutRecord, CustomerLink } from '../../../functions/data/billing';
import type { SubscriptionState, SubscriptionToken } from '../../../functions/data/subscriptions';
import { handleStripeWebhook, supersedes, toSubscriptionState, type BillingDeps, type BillingStore, WEBHOOK_MSG } from '../../../functions/domain/billing-sync';
import { AppError } from '../../../functions/lib/errors';
import type { StripeApi } from '../../../functions/lib/stripe';
import { signPayload } from '../../../local/stripe';

/**
 * The webhook state machine, with an in-memory table that keeps DynamoDB's conditional
 * semantics and a fake Stripe whose subscriptions the test sets. Signatures use the real scheme.
 */
const SECRET = 'whsec_unit_test_secret';
const BASIC = 'prod_sa_basic_monthly';
const T0 = 1_790_000_000; // seconds

class MemoryStore {
  users = new Map<string, SubscriptionState>();
  checkouts = new Map<string, CheckoutRecord & { parked?: SubscriptionState }>();
  customers = new Map<string, CustomerLink>();
  events = new Set<string>();
  writes = 0;

  api(): BillingStore {
    const token = (s: SubscriptionState | undefined): SubscriptionToken => (s ? { exists: true, observedAt: s.observed_at } : { exists: false });
    const matches = (s: SubscriptionState | undefined, t: SubscriptionToken) =>
      t.exists ? s !== undefined && s.observed_at === t.observedAt : s === undefined;
    return {
      saveCheckout: async (r) =>
        void this.checkouts.set(r.sessionId, { ...r, userId: r.userId ?? null, paid: false, used: false, customerId: null, subscriptionId: null }),
      getCheckout: async (id) => this.checkouts.get(id),
      markCheckoutPaid: async (id, ids) => void Object.assign(this.checkouts.get(id) ?? {}, { paid: true, ...ids }),
      claimCheckout: async (id) => {
        const c = this.checkouts.get(id);
        if (!c || c.used || c.userId) return false;
        c.used = true;
        return true;
      },
      releaseCheckout: async (id) => void Object.assign(this.checkouts.get(id) ?? {}, { used: false }),
      finishCheckout: async () => undefined,
      readParkedSubscription: async (id) => {
        const c = this.checkouts.get(id);
        return c ? { state: c.parked ?? null, token: token(c.parked) } : undefined;
      },
      writeParkedSubscription: async (id, state, t) => {
        const c = this.checkouts.get(id);
        if (!c || !matches(c.parked, t)) return false;
        this.writes++;
        c.parked = state;
        return true;
      },
      getCustomerLink: async (id) => this.customers.get(id),
      linkCustomer: async (customerId, link) => {
        const current = this.customers.get(customerId) ?? { customerId, userId: null, sessionId: null };
        if (current.userId && 'userId' in link && current.userId !== link.userId) return;
        if (current.userId && 'sessionId' in link) return;
        this.customers.set(customerId, { ...current, ...link });
      },
      claimEvent: async (id) => {
        if (this.events.has(id)) return false;
        this.events.add(id);
        return true;
      },
      releaseEvent: async (id) => void this.events.delete(id),
      readSubscriptionState: async (userId) => ({ state: this.users.get(userId) ?? null, token: token(this.users.get(userId)) }),
      writeSubscriptionState: async (userId, state, t) => {
        if (!matches(this.users.get(userId), t)) return false;
        this.writes++;
        this.users.set(userId, state);
        return true;
      },
    } as BillingStore;
  }
}

function aStripeSubscription(overrides: Partial<Record<string, unknown>> = {}): Stripe.Subscription {
  return {
    id: 'sub_1',
    object: 'subscription',
    status: 'active',
    customer: 'cus_1',
    created: T0,
    cancel_at: null,
    cancel_at_period_end: false,
    metadata: { userId: 'user-1', productId: BASIC },
    items: {
      object: 'list',
      data: [{ id: 'si_1', current_period_start: T0, current_period_end: T0 + 30 * 86_400, price: { id: 'price_basic', product: BASIC } }],
    },
    ...overrides,
  } as unknown as Stripe.Subscription;
}

const realStripe = new Stripe('sk_test_unit');

function setup() {
  const store = new MemoryStore();
  const stripeSubs = new Map<string, Stripe.Subscription>([['sub_1', aStripeSubscription()]]);
  // constructEvent checks the signature's timestamp against the real clock, so time starts now.
  let clock = Date.now();
  const retrievals: string[] = [];
  let retrieveHook: ((id: string) => Promise<void>) | undefined;
  const fake = {
    subscriptions: {
      retrieve: async (id: string) => {
        retrievals.push(id);
        const snapshot = structuredClone(stripeSubs.get(id));
        await retrieveHook?.(id);
        if (!snapshot) throw new Error(`No such subscription: ${id}`);
        return snapshot;
      },
    },
    webhooks: realStripe.webhooks,
  } as unknown as StripeApi;
  const deps: BillingDeps = { stripe: async () => fake, webhookSecret: async () => SECRET, store: store.api(), now: () => new Date(clock) };
  return {
    store,
    stripeSubs,
    deps,
    retrievals,
    tick: (ms = 1000) => (clock += ms),
    onRetrieve: (hook: typeof retrieveHook) => (retrieveHook = hook),
  };
}

let counter = 0;
/** A completed subscription checkout of customer cus_1 for sub_1, as Stripe sends it in checkout.session.completed. */
function aCompletedCheckout(id: string, paymentStatus = 'paid') {
  return { id, object: 'checkout.session', mode: 'subscription', payment_status: paymentStatus, status: 'complete', customer: 'cus_1', subscription: 'sub_1' };
}

function anEvent(type: string, object: unknown, created = T0) {
  return { id: `evt_${++counter}`, object: 'event', api_version: '2025-10-29.clover', created, type, data: { object }, livemode: false };
}

/** Signs like Stripe (t=…,v1=HMAC-SHA256 of `${t}.${payload}`), at the deps' clock. */
async function deliver(ctx: ReturnType<typeof setup>, event: unknown, secret = SECRET) {
  const payload = JSON.stringify(event);
  const t = Math.floor(ctx.deps.now().getTime() / 1000);
  return handleStripeWebhook(payload, signPayload(payload, secret, t), ctx.deps);
}

describe('the webhook keeps the subscription row in step with Stripe', () => {
  let ctx: ReturnType<typeof setup>;
  beforeEach(() => {
    ctx = setup();
  });

  it('stores a signed-in checkout as the user subscription and links the customer', async () => {
    // Prepare
    await ctx.deps.store.saveCheckout({ sessionId: 'cs_1', email: 'a@example.com', productId: BASIC, userId: 'user-1', createdAt: 'x' }, 0);
    const session = aCompletedCheckout('cs_1');

    // Act
    const result = await deliver(ctx, anEvent('checkout.session.completed', session));

    // Assess
    expect(result).toEqual({ received: true });
    expect(ctx.store.users.get('user-1')).toMatchObject({
      id: 'sub_1',
      status: 'active',
      product_id: BASIC,
      cancel_at_period_end: false,
      current_period_end: new Date((T0 + 30 * 86_400) * 1000).toISOString(),
      created_at: new Date(T0 * 1000).toISOString(),
      customer_id: 'cus_1',
    });
    expect(ctx.store.customers.get('cus_1')).toMatchObject({ userId: 'user-1' });
    expect(ctx.store.checkouts.get('cs_1')).toMatchObject({ paid: true, subscriptionId: 'sub_1' });
  });

  it.each([
    ['no_payment_required', 'a 100%-off promotion code or a trial', true],
    ['unpaid', 'a delayed payment method still pending', false],
  ])('a completed checkout with payment_status %s (%s) grants the plan: %s', async (paymentStatus, _why, grants) => {
    // Prepare
    await ctx.deps.store.saveCheckout({ sessionId: 'cs_free', email: 'a@example.com', productId: BASIC, userId: 'user-1', createdAt: 'x' }, 0);
    const session = aCompletedCheckout('cs_free', paymentStatus);

    // Act
    const result = await deliver(ctx, anEvent('checkout.session.completed', session));

    // Assess
    expect(result).toEqual({ received: true });
    if (grants) {
      expect(ctx.store.users.get('user-1')).toMatchObject({ id: 'sub_1', status: 'active', product_id: BASIC });
      expect(ctx.store.checkouts.get('cs_free')).toMatchObject({ paid: true, subscriptionId: 'sub_1' });
    } else {
      expect(ctx.store.users.get('user-1')).toBeUndefined();
      expect(ctx.store.checkouts.get('cs_free')).not.toMatchObject({ paid: true });
    }
  });

  it.each([
    ['active', 'basic'],
    ['trialing', 'basic'],
    ['past_due', 'basic'],
    ['unpaid', 'free'],
    ['incomplete', 'free'],
    ['incomplete_expired', 'free'],
    ['paused', 'free'],
    ['canceled', 'free'],
  ])('stores status %s as Stripe reports it (plan in force: %s)', async (status, plan) => {
    // Prepare
    ctx.stripeSubs.set('sub_1', aStripeSubscription({ status }));

    // Act
    await deliver(
      ctx,
      anEvent(status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated', { id: 'sub_1', object: 'subscription' }),
    );

    // Assess
    const row = ctx.store.users.get('user-1')!;
    expect(row.status).toBe(status);
    expect(effectivePlan(row, new Date(T0 * 1000)).id).toBe(plan);
  });

  it('marks the subscription past_due on invoice.payment_failed by reading it from Stripe', async () => {
    // Prepare
    ctx.stripeSubs.set('sub_1', aStripeSubscription({ status: 'past_due' }));
    const invoice = { id: 'in_1', object: 'invoice', parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } } };

    // Act
    await deliver(ctx, anEvent('invoice.payment_failed', invoice));

    // Assess
    expect(ctx.retrievals).toEqual(['sub_1']);
    expect(ctx.store.users.get('user-1')?.status).toBe('past_due');
  });

  it('keeps cancel-at-period-end (set directly or as cancel_at = period end) for the "Expires on" card', async () => {
    ctx.stripeSubs.set('sub_1', aStripeSubscription({ cancel_at: T0 + 30 * 86_400 }));

    await deliver(ctx, anEvent('customer.subscription.updated', { id: 'sub_1' }));

    expect(ctx.store.users.get('user-1')?.cancel_at_period_end).toBe(true);
  });

  it('handles a duplicate event id once and acknowledges the copy', async () => {
    // Prepare
    const event = anEvent('customer.subscription.updated', { id: 'sub_1' });
    await deliver(ctx, event);
    const writes = ctx.store.writes;

    // Act
    const again = await deliver(ctx, event);

    // Assess
    expect(again).toEqual({ received: true, duplicate: true });
    expect(ctx.store.writes).toBe(writes);
    expect(ctx.retrievals).toHaveLength(1);
  });

  it('never lets a late, older event undo a cancellation (Stripe is read, not the event payload)', async () => {
    // Prepare: the subscription ended; its "created" event arrives last, still saying active
    ctx.stripeSubs.set('sub_1', aStripeSubscription({ status: 'canceled' }));
    await deliver(ctx, anEvent('customer.subscription.deleted', { id: 'sub_1', status: 'canceled' }, T0 + 100));

    // Act
    await deliver(ctx, anEvent('customer.subscription.created', { id: 'sub_1', status: 'active' }, T0));

    // Assess
    expect(ctx.store.users.get('user-1')?.status).toBe('canceled');
  });

  it('lets the newer read win when two deliveries race and the older read writes last', async () => {
    // Prepare: delivery A reads Stripe first (cancel pending) but is slow to write
    let releaseA!: () => void;
    let aHasRead!: () => void;
    const aReads = new Promise<void>((resolve) => (aHasRead = resolve));
    let first = true;
    ctx.onRetrieve(async () => {
      if (!first) return;
      first = false;
      const held = new Promise<void>((resolve) => (releaseA = resolve));
      aHasRead();
      await held;
    });
    ctx.stripeSubs.set('sub_1', aStripeSubscription({ cancel_at_period_end: true }));
    const a = deliver(ctx, anEvent('customer.subscription.updated', { id: 'sub_1' }));
    await aReads;

    // Act: B reads the reactivated state later and writes first; then A finishes
    ctx.stripeSubs.set('sub_1', aStripeSubscription({ cancel_at_period_end: false }));
    ctx.tick();
    await deliver(ctx, anEvent('customer.subscription.updated', { id: 'sub_1' }));
    releaseA();
    await a;

    // Assess
    expect(ctx.store.users.get('user-1')?.cancel_at_period_end).toBe(false);
  });

  it('does not let an older subscription replace a newer one of the same user', async () => {
    // Prepare
    ctx.stripeSubs.set('sub_new', aStripeSubscription({ id: 'sub_new', created: T0 + 1000 }));
    ctx.stripeSubs.set('sub_old', aStripeSubscription({ id: 'sub_old', created: T0, status: 'canceled' }));
    await deliver(ctx, anEvent('customer.subscription.created', { id: 'sub_new' }, T0 + 1000));

    // Act
    await deliver(ctx, anEvent('customer.subscription.deleted', { id: 'sub_old' }, T0 + 2000));

    // Assess
    expect(ctx.store.users.get('user-1')).toMatchObject({ id: 'sub_new', status: 'active' });
  });

  it('parks a public checkout subscription on its checkout until signup attaches it', async () => {
    // Prepare
    ctx.stripeSubs.set('sub_1', aStripeSubscription({ metadata: { productId: BASIC } }));
    await ctx.deps.store.saveCheckout({ sessionId: 'cs_pub', email: 'v@example.com', productId: BASIC, userId: null, createdAt: 'x' }, 0);
    const session = aCompletedCheckout('cs_pub');

    // Act: the subscription event may come first (no owner yet), then the checkout, then an update
    await deliver(ctx, anEvent('customer.subscription.created', { id: 'sub_1' }));
    await deliver(ctx, anEvent('checkout.session.completed', session));
    ctx.stripeSubs.set('sub_1', aStripeSubscription({ metadata: { productId: BASIC }, cancel_at_period_end: true }));
    await deliver(ctx, anEvent('customer.subscription.updated', { id: 'sub_1' }));

    // Assess
    expect(ctx.store.users.size).toBe(0);
    expect(ctx.store.customers.get('cus_1')).toMatchObject({ sessionId: 'cs_pub', userId: null });
    expect(ctx.store.checkouts.get('cs_pub')?.parked).toMatchObject({ id: 'sub_1', status: 'active', cancel_at_period_end: true });
  });

  it('ignores a checkout this app did not start', async () => {
    const session = { id: 'cs_foreign', object: 'checkout.session', mode: 'subscription', payment_status: 'paid', customer: 'cus_9', subscription: 'sub_1' };

    await deliver(ctx, anEvent('checkout.session.completed', session));

    expect(ctx.store.customers.size).toBe(0);
    expect(ctx.retrievals).toEqual([]);
  });

  it('forgets an event whose handling failed, so Stripe can retry it', async () => {
    // Prepare
    const event = anEvent('customer.subscription.updated', { id: 'sub_missing' });

    // Act
    await expect(deliver(ctx, event)).rejects.toThrow(/No such subscription/);
    ctx.stripeSubs.set('sub_missing', aStripeSubscription({ id: 'sub_missing' }));
    const retry = await deliver(ctx, event);

    // Assess
    expect(retry).toEqual({ received: true });
    expect(ctx.store.users.get('user-1')?.id).toBe('sub_missing');
  });
});

describe('webhook signatures', () => {
  const invalid = new AppError('INVALID_SIGNATURE', 400, 'Invalid Stripe signature');

  it.each([
    ['signed with another secret', (p: string) => signPayload(p, 'whsec_other')],
    ['too old (over 300 s)', (p: string) => signPayload(p, SECRET, Math.floor(Date.now() / 1000) - 301)],
    ['garbage', () => 't=1,v1=deadbeef'],
  ])('refuses a payload %s with 400 and writes nothing', async (_name, sign) => {
    // Prepare
    const ctx = setup();
    const payload = JSON.stringify(anEvent('customer.subscription.deleted', { id: 'sub_1' }));

    // Act
    const result = handleStripeWebhook(payload, sign(payload), ctx.deps);

    // Assess
    await expect(result).rejects.toMatchObject({ statusCode: 400, message: invalid.message });
    expect(ctx.store.events.size).toBe(0);
    expect(ctx.store.writes).toBe(0);
    expect(ctx.retrievals).toEqual([]);
  });

  it('refuses a delivery without the Stripe-Signature header', async () => {
    const ctx = setup();

    await expect(handleStripeWebhook('{}', undefined, ctx.deps)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('refuses a payload changed after signing', async () => {
    const ctx = setup();
    const payload = JSON.stringify(anEvent('customer.subscription.updated', { id: 'sub_1' }));

    await expect(handleStripeWebhook(payload.replace('updated', 'deleted'), signPayload(payload, SECRET), ctx.deps)).rejects.toMatchObject({ statusCode: 400 });
    expect(ctx.store.writes).toBe(0);
  });

  it.each([
    ['is not JSON', 'not json at all'],
    ['is a JSON array', '[{"id":"evt_1","type":"customer.subscription.deleted"}]'],
    ['is JSON null', 'null'],
    ['has no event id', JSON.stringify({ object: 'event', type: 'customer.subscription.deleted', created: T0, data: { object: { id: 'sub_1' } } })],
  ])('refuses a correctly signed body that %s with 400 and writes nothing', async (_name, payload) => {
    // Prepare
    const ctx = setup();

    // Act
    const result = handleStripeWebhook(payload, signPayload(payload, SECRET), ctx.deps);

    // Assess: a client error (never a 500 that Stripe retries for days), no dedupe marker, no read
    await expect(result).rejects.toMatchObject({ statusCode: 400, code: 'INVALID_EVENT', message: WEBHOOK_MSG.notAnEvent });
    expect(ctx.store.events.size).toBe(0);
    expect(ctx.store.writes).toBe(0);
    expect(ctx.retrievals).toEqual([]);
  });

  it('refuses a signature dated more than 300 s in the future, like one 300 s in the past', async () => {
    // Prepare
    const ctx = setup();
    const payload = JSON.stringify(anEvent('customer.subscription.updated', { id: 'sub_1' }));
    const now = Math.floor(ctx.deps.now().getTime() / 1000);

    // Act
    const future = handleStripeWebhook(payload, signPayload(payload, SECRET, now + 301), ctx.deps);

    // Assess
    await expect(future).rejects.toMatchObject({ statusCode: 400, message: invalid.message });
    expect(ctx.store.events.size).toBe(0);
    expect(ctx.retrievals).toEqual([]);
  });

  it('accepts a signature a little ahead of our clock (skew inside the tolerance)', async () => {
    const ctx = setup();
    const payload = JSON.stringify(anEvent('customer.subscription.updated', { id: 'sub_1' }));
    const now = Math.floor(ctx.deps.now().getTime() / 1000);

    expect(await handleStripeWebhook(payload, signPayload(payload, SECRET, now + 120), ctx.deps)).toEqual({ received: true });
  });

  it('acknowledges and ignores an event about a subscription Stripe does not know, writing nothing', async () => {
    // Prepare: Stripe answers 404 resource_missing, as it does for an unknown id
    const ctx = setup();
    ctx.onRetrieve(async (id) => {
      if (id === 'sub_gone')
        throw new Stripe.errors.StripeInvalidRequestError({ message: `No such subscription: '${id}'`, code: 'resource_missing', statusCode: 404 } as never);
    });

    // Act
    const result = await deliver(ctx, anEvent('customer.subscription.updated', { id: 'sub_gone' }));

    // Assess: 200 so Stripe stops retrying, and no marker or row left behind
    expect(result).toEqual({ received: true, ignored: true });
    expect(ctx.store.events.size).toBe(0);
    expect(ctx.store.writes).toBe(0);
  });

  it("signs exactly like Stripe's own library", () => {
    const payload = '{"id":"evt_1"}';
    const t = 1_700_000_000;

    expect(signPayload(payload, SECRET, t)).toBe(realStripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: t }));
  });
});

describe('which state wins (supersedes)', () => {
  const state = (overrides: Partial<SubscriptionState> = {}): SubscriptionState => ({
    ...toSubscriptionState(aStripeSubscription(), 1000, null),
    ...overrides,
  });

  it('takes a first state, a newer read, and an equal read (idempotent)', () => {
    expect(supersedes(null, state())).toBe(true);
    expect(supersedes(state({ observed_at: 1000 }), state({ observed_at: 2000 }))).toBe(true);
    expect(supersedes(state({ observed_at: 1000 }), state({ observed_at: 1000 }))).toBe(true);
  });

  it('refuses an older read, reviving a canceled subscription, and an older subscription', () => {
    expect(supersedes(state({ observed_at: 2000 }), state({ observed_at: 1000 }))).toBe(false);
    expect(supersedes(state({ status: 'canceled', observed_at: 1000 }), state({ status: 'active', observed_at: 5000 }))).toBe(false);
    expect(supersedes(state({ id: 'sub_b', stripe_created: T0 + 10 }), state({ id: 'sub_a', stripe_created: T0, observed_at: 9999 }))).toBe(false);
  });

  it('lets a canceled subscription be replaced by a newer one', () => {
    expect(supersedes(state({ status: 'canceled' }), state({ id: 'sub_2', stripe_created: T0 + 5 }))).toBe(true);
  });
});
