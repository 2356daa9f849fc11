import { randomBytes } from 'node:crypto';
import { PLANS } from '@shared/plans';
import { persistedFile, type PersistedFile } from '../persistence';

/**
 * The local Stripe's objects, shaped like the real API version the `stripe` library pins
 * (2025-10-29.clover: billing periods live on subscription items; invoices name their subscription
 * under parent.subscription_details). Persisted to one JSON file so `npm start` keeps them.
 */
export const API_VERSION = '2025-10-29.clover';
/** A Stripe object as JSON: its id, its kind and its fields; the interfaces below name the fields this module reads. */
export interface StripeObject {
  id: string;
  object: string;
  [field: string]: unknown;
}
export interface LocalProduct extends StripeObject {
  name: string;
}
export interface LocalPrice extends StripeObject {
  product: string;
  unit_amount: number;
}
export interface LocalSession extends StripeObject {
  status: string;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
}
export interface LocalSubscriptionItem {
  current_period_start: number;
  current_period_end: number;
  price: LocalPrice;
  [field: string]: unknown;
}
export interface LocalSubscription extends StripeObject {
  status: string;
  customer: string;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  latest_invoice: string;
  metadata: Record<string, string>;
  items: { data: LocalSubscriptionItem[]; [field: string]: unknown };
}
export interface LocalInvoice extends StripeObject {
  parent: { subscription_details: { subscription: string; [field: string]: unknown }; [field: string]: unknown };
}
export interface StripeEvent extends StripeObject {
  type: string;
  created: number;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
}

export interface StoredEvent {
  event: StripeEvent;
  /** HTTP statuses of the deliveries so far (empty: held or not yet delivered). */
  deliveries: number[];
}

interface World {
  products: Record<string, LocalProduct>;
  prices: Record<string, LocalPrice>;
  sessions: Record<string, LocalSession>;
  /** What a session was created with but Stripe does not return (line items, subscription_data). */
  sessionInputs: Record<string, { priceId: string; subscriptionMetadata: Record<string, string>; allowPromotionCodes?: boolean }>;
  customers: Record<string, StripeObject>;
  subscriptions: Record<string, LocalSubscription>;
  invoices: Record<string, LocalInvoice>;
  events: StoredEvent[];
}

/** Local price ids of the paid plans: the app gets them as STRIPE_PRICES. */
export const LOCAL_PRICES: Record<string, string> = Object.fromEntries(
  PLANS.filter((p) => p.productId).map((p) => [p.productId!, `price_local_${p.id}_monthly`]),
);

/**
 * Promotion codes the local Stripe knows (a real account makes them in the dashboard). FREE100 is
 * 100% off forever: its checkout completes with payment_status `no_payment_required`, as Stripe's
 * does for a fully discounted or trial subscription. Codes are case-insensitive, as on Stripe.
 */
export const LOCAL_PROMOTION_CODES: Record<string, { percentOff: number }> = { FREE100: { percentOff: 100 } };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const stripeId = (prefix: string, length = 24) => `${prefix}_${[...randomBytes(length)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

export function addMonth(seconds: number): number {
  const d = new Date(seconds * 1000);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
}

/*
 * Whole objects, as Stripe sends them: the fields this app never sets, with the values Stripe gives
 * them in test mode for a card subscription through Checkout. Every field the stripe package's types
 * declare as always present is served (test/unit/local/stripe-shapes.test.ts holds us to it), so
 * code that reads one more field meets what Stripe would send rather than `undefined`.
 */
const SUBSCRIPTION_DEFAULTS = {
  application_fee_percent: null,
  automatic_tax: { disabled_reason: null, enabled: false, liability: null },
  billing_cycle_anchor_config: null,
  billing_mode: { type: 'classic' },
  billing_thresholds: null,
  cancellation_details: { comment: null, feedback: null, reason: null },
  days_until_due: null,
  default_source: null,
  default_tax_rates: [],
  description: null,
  invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
  next_pending_invoice_item_invoice: null,
  on_behalf_of: null,
  pause_collection: null,
  payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
  pending_invoice_item_interval: null,
  pending_setup_intent: null,
  pending_update: null,
  schedule: null,
  test_clock: null,
  transfer_data: null,
  trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
};

const SESSION_DEFAULTS = {
  adaptive_pricing: { enabled: false },
  after_expiration: null,
  automatic_tax: { enabled: false, liability: null, provider: null, status: null },
  billing_address_collection: null,
  client_secret: null,
  collected_information: null,
  consent: null,
  consent_collection: null,
  currency_conversion: null,
  custom_fields: [],
  custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
  customer_creation: 'always',
  invoice_creation: null,
  locale: null,
  origin_context: null,
  payment_intent: null,
  payment_link: null,
  payment_method_collection: 'always',
  payment_method_configuration_details: null,
  payment_method_options: { card: { request_three_d_secure: 'automatic' } },
  payment_method_types: ['card'],
  permissions: null,
  recovered_from: null,
  saved_payment_method_options: { allow_redisplay_filters: ['always'], payment_method_remove: 'disabled', payment_method_save: null },
  setup_intent: null,
  shipping_address_collection: null,
  shipping_cost: null,
  shipping_options: [],
  submit_type: null,
  ui_mode: 'hosted',
  wallet_options: null,
};

const invoiceDefaults = (t: number) => ({
  account_country: 'US',
  account_name: 'Schedule & Autopost',
  account_tax_ids: null,
  amount_overpaid: 0,
  amount_shipping: 0,
  application: null,
  automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
  automatically_finalizes_at: null,
  custom_fields: null,
  customer_address: null,
  customer_phone: null,
  customer_shipping: null,
  customer_tax_exempt: 'none',
  default_payment_method: null,
  default_source: null,
  default_tax_rates: [],
  description: null,
  discounts: [],
  due_date: null,
  effective_at: t,
  ending_balance: 0,
  footer: null,
  from_invoice: null,
  issuer: { type: 'self' },
  last_finalization_error: null,
  latest_revision: null,
  next_payment_attempt: null,
  on_behalf_of: null,
  payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
  post_payment_credit_notes_amount: 0,
  pre_payment_credit_notes_amount: 0,
  receipt_number: null,
  rendering: null,
  shipping_cost: null,
  shipping_details: null,
  starting_balance: 0,
  statement_descriptor: null,
  test_clock: null,
  total_discount_amounts: [],
  total_pretax_credit_amounts: [],
  total_taxes: [],
  webhooks_delivered_at: t,
});

/** The legacy Plan object Stripe still puts on each subscription item, mirroring its price. */
const planOf = (price: LocalPrice) => {
  const recurring = price.recurring as { interval: string; interval_count: number; usage_type: string } | undefined;
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: String(price.unit_amount),
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: recurring?.interval ?? 'month',
    interval_count: recurring?.interval_count ?? 1,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: price.nickname ?? null,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: recurring?.usage_type ?? 'licensed',
  };
};

export class StripeWorld {
  private world: World;
  private readonly store: PersistedFile<Partial<World>>;

  constructor(file?: string) {
    this.store = persistedFile<Partial<World>>(file, { debounceMs: 100, tolerateCorrupt: true, snapshot: () => this.world });
    const empty: World = { products: {}, prices: {}, sessions: {}, sessionInputs: {}, customers: {}, subscriptions: {}, invoices: {}, events: [] };
    this.world = { ...empty, ...this.store.loaded };
    this.seed();
  }

  /** One write per burst of changes; flush() (on stop) writes what is pending. */
  save(): void {
    this.store.saveSoon();
  }

  flush(): void {
    this.store.flush();
  }

  private seed(): void {
    const created = nowSeconds();
    for (const plan of PLANS) {
      if (!plan.productId) continue;
      this.world.products[plan.productId] ??= {
        id: plan.productId,
        object: 'product',
        active: true,
        name: `Schedule & Autopost ${plan.name}`,
        description: plan.description,
        created,
        livemode: false,
        metadata: { planId: plan.id },
      };
      const priceId = LOCAL_PRICES[plan.productId]!;
      this.world.prices[priceId] ??= {
        id: priceId,
        object: 'price',
        active: true,
        billing_scheme: 'per_unit',
        created,
        currency: 'usd',
        livemode: false,
        lookup_key: null,
        metadata: {},
        nickname: `${plan.name} monthly`,
        product: plan.productId,
        recurring: { interval: 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
        type: 'recurring',
        unit_amount: Math.round(plan.price * 100),
        unit_amount_decimal: String(Math.round(plan.price * 100)),
        custom_unit_amount: null,
        tax_behavior: 'unspecified',
        tiers_mode: null,
        transform_quantity: null,
      };
    }
    this.save();
  }

  get = <K extends 'products' | 'prices' | 'sessions' | 'customers' | 'subscriptions' | 'invoices'>(kind: K, id: string): World[K][string] | undefined =>
    (this.world[kind] as Record<string, World[K][string]>)[id];
  sessionInput = (id: string) => this.world.sessionInputs[id];
  events = () => this.world.events;

  createSession(input: {
    priceId: string;
    successUrl: string;
    cancelUrl: string;
    customerEmail: string | null;
    clientReferenceId: string | null;
    metadata: Record<string, string>;
    subscriptionMetadata: Record<string, string>;
    allowPromotionCodes: boolean;
    hostedPageBase: string;
  }): LocalSession {
    const price = this.world.prices[input.priceId]!;
    const id = stripeId('cs_test', 58);
    const created = nowSeconds();
    const session = {
      id,
      object: 'checkout.session',
      allow_promotion_codes: input.allowPromotionCodes,
      amount_subtotal: price.unit_amount,
      amount_total: price.unit_amount,
      cancel_url: input.cancelUrl,
      client_reference_id: input.clientReferenceId,
      created,
      currency: 'usd',
      customer: null,
      customer_details: null,
      customer_email: input.customerEmail,
      expires_at: created + 86_400,
      invoice: null,
      livemode: false,
      metadata: input.metadata,
      mode: 'subscription',
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: input.successUrl,
      url: `${input.hostedPageBase}/${id}`,
      ...SESSION_DEFAULTS,
      discounts: [],
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    };
    this.world.sessions[id] = session;
    this.world.sessionInputs[id] = { priceId: input.priceId, subscriptionMetadata: input.subscriptionMetadata, allowPromotionCodes: input.allowPromotionCodes };
    this.save();
    return session;
  }

  /**
   * The hosted page's Pay: customer, subscription, paid invoice; returns the events Stripe would send.
   * With a 100%-off promotion code nothing is charged: a $0 paid invoice, and the session completes
   * with payment_status `no_payment_required`.
   */
  pay(sessionId: string, email: string, name: string | null, promotionCode?: string): StripeEvent[] {
    const session = this.world.sessions[sessionId]!;
    const input = this.world.sessionInputs[sessionId]!;
    const price = this.world.prices[input.priceId]!;
    const promo = promotionCode ? LOCAL_PROMOTION_CODES[promotionCode.toUpperCase()] : undefined;
    const percentOff = promo?.percentOff ?? 0;
    const amount = Math.round(price.unit_amount * (1 - percentOff / 100));
    const t = nowSeconds();
    const customer = {
      id: stripeId('cus', 14),
      object: 'customer',
      created: t,
      email,
      name,
      livemode: false,
      metadata: {},
      description: null,
      balance: 0,
      currency: 'usd',
      default_source: null,
      delinquent: false,
      invoice_prefix: stripeId('', 4).slice(1).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      next_invoice_sequence: 2,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    this.world.customers[customer.id] = customer;
    const subId = stripeId('sub');
    const invoice = this.newInvoice(subId, customer.id, { ...price, unit_amount: amount }, t, 'paid', input.subscriptionMetadata);
    const discount = promo
      ? {
          id: stripeId('di', 14),
          object: 'discount',
          coupon: { id: `local_${promotionCode!.toUpperCase()}`, object: 'coupon', percent_off: percentOff, duration: 'forever' },
          promotion_code: stripeId('promo', 14),
        }
      : null;
    const subscription = {
      id: subId,
      object: 'subscription',
      application: null,
      billing_cycle_anchor: t,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: 'charge_automatically',
      created: t,
      currency: 'usd',
      customer: customer.id,
      default_payment_method: null,
      ended_at: null,
      items: {
        object: 'list',
        data: [
          {
            id: stripeId('si', 14),
            object: 'subscription_item',
            created: t,
            current_period_start: t,
            current_period_end: addMonth(t),
            metadata: {},
            price: clone(price),
            plan: planOf(price),
            quantity: 1,
            subscription: subId,
            billing_thresholds: null,
            discounts: [],
            tax_rates: [],
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/subscription_items?subscription=${subId}`,
      },
      latest_invoice: invoice.id,
      livemode: false,
      metadata: input.subscriptionMetadata,
      start_date: t,
      status: 'active',
      discounts: discount ? [discount.id] : [],
      trial_end: null,
      trial_start: null,
      ...SUBSCRIPTION_DEFAULTS,
    };
    this.world.subscriptions[subId] = subscription;
    Object.assign(session, {
      status: 'complete',
      payment_status: amount === 0 ? 'no_payment_required' : 'paid',
      amount_total: amount,
      total_details: { amount_discount: price.unit_amount - amount, amount_shipping: 0, amount_tax: 0 },
      discounts: discount ? [{ coupon: discount.coupon.id, promotion_code: discount.promotion_code }] : [],
      customer: customer.id,
      customer_details: { email, name, address: null, phone: null, tax_exempt: 'none', tax_ids: [] },
      subscription: subId,
      invoice: invoice.id,
    });
    const events = [
      this.event('customer.created', customer),
      this.event('checkout.session.completed', session),
      this.event('customer.subscription.created', subscription),
      this.event('invoice.created', invoice),
      this.event('invoice.finalized', invoice),
      this.event('invoice.paid', invoice),
      this.event('invoice.payment_succeeded', invoice),
    ];
    this.save();
    return events;
  }

  private newInvoice(subId: string, customerId: string, price: LocalPrice, t: number, status: 'paid' | 'open', metadata: Record<string, string>): LocalInvoice {
    const id = stripeId('in');
    const customer = this.world.customers[customerId];
    const amount = price.unit_amount;
    const invoice = {
      ...invoiceDefaults(t),
      id,
      object: 'invoice',
      amount_due: price.unit_amount,
      amount_paid: status === 'paid' ? price.unit_amount : 0,
      amount_remaining: status === 'paid' ? 0 : price.unit_amount,
      attempt_count: 1,
      attempted: true,
      billing_reason: 'subscription_cycle',
      collection_method: 'charge_automatically',
      created: t,
      currency: 'usd',
      customer: customerId,
      livemode: false,
      metadata: {},
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata, subscription: subId } },
      period_start: t,
      period_end: t,
      status,
      customer_email: (customer?.email as string | undefined) ?? null,
      customer_name: (customer?.name as string | null | undefined) ?? null,
      lines: {
        object: 'list',
        data: [
          {
            id: stripeId('il'),
            object: 'line_item',
            amount,
            currency: 'usd',
            description: `1 × ${String(price.nickname ?? 'plan')}`,
            discountable: true,
            discounts: [],
            invoice: id,
            livemode: false,
            metadata,
            period: { start: t, end: addMonth(t) },
            pricing: { type: 'price_details', price_details: { price: price.id, product: price.product }, unit_amount_decimal: String(amount) },
            quantity: 1,
            subtotal: amount,
            taxes: [],
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/invoices/${id}/lines`,
      },
      number: `${String(customer?.invoice_prefix ?? 'LOCAL')}-${String(Object.keys(this.world.invoices).length + 1).padStart(4, '0')}`,
      status_transitions: { finalized_at: t, marked_uncollectible_at: null, paid_at: status === 'paid' ? t : null, voided_at: null },
      subtotal: amount,
      subtotal_excluding_tax: amount,
      total: amount,
      total_excluding_tax: amount,
    };
    this.world.invoices[invoice.id] = invoice;
    return invoice;
  }

  /** POST /v1/subscriptions/:id: the fields this app changes. Returns the events it causes. */
  updateSubscription(id: string, changes: { cancelAtPeriodEnd?: boolean; metadata?: Record<string, string> }): StripeEvent[] {
    const sub = this.world.subscriptions[id]!;
    const previous: Record<string, unknown> = {};
    if (changes.cancelAtPeriodEnd !== undefined && changes.cancelAtPeriodEnd !== sub.cancel_at_period_end) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      previous.cancel_at = sub.cancel_at;
      previous.canceled_at = sub.canceled_at;
      sub.cancel_at_period_end = changes.cancelAtPeriodEnd;
      sub.cancel_at = changes.cancelAtPeriodEnd ? sub.items.data[0].current_period_end : null;
      sub.canceled_at = changes.cancelAtPeriodEnd ? nowSeconds() : null;
    }
    if (changes.metadata) {
      previous.metadata = sub.metadata;
      sub.metadata = { ...sub.metadata, ...changes.metadata };
    }
    const events = Object.keys(previous).length ? [this.event('customer.subscription.updated', sub, previous)] : [];
    this.save();
    return events;
  }

  /** Cancels now (DELETE /v1/subscriptions/:id, or a period ending with cancel_at_period_end). */
  cancelNow(id: string): StripeEvent[] {
    const sub = this.world.subscriptions[id]!;
    if (sub.status === 'canceled') return [];
    const t = nowSeconds();
    Object.assign(sub, { status: 'canceled', ended_at: t, canceled_at: sub.canceled_at ?? t });
    const events = [this.event('customer.subscription.deleted', sub)];
    this.save();
    return events;
  }

  /** Control: the current period ends now. Cancel-pending subscriptions end; others renew and are charged. */
  advancePeriod(id: string): StripeEvent[] {
    const sub = this.world.subscriptions[id]!;
    const item = sub.items.data[0];
    if (sub.cancel_at_period_end) {
      item.current_period_end = nowSeconds();
      return this.cancelNow(id);
    }
    const previous = { items: clone(sub.items) };
    item.current_period_start = item.current_period_end;
    item.current_period_end = addMonth(item.current_period_end);
    const invoice = this.newInvoice(id, sub.customer, item.price, nowSeconds(), 'paid', sub.metadata);
    sub.latest_invoice = invoice.id;
    const wasPastDue = sub.status === 'past_due';
    if (wasPastDue) Object.assign(previous, { status: 'past_due' });
    sub.status = 'active';
    const events = [this.event('invoice.paid', invoice), this.event('customer.subscription.updated', sub, previous)];
    this.save();
    return events;
  }

  /** Control: the renewal charge fails; Stripe marks the subscription past_due while it retries. */
  failPayment(id: string): StripeEvent[] {
    const sub = this.world.subscriptions[id]!;
    const invoice = this.newInvoice(id, sub.customer, sub.items.data[0].price, nowSeconds(), 'open', sub.metadata);
    sub.latest_invoice = invoice.id;
    const previous = { status: sub.status };
    sub.status = 'past_due';
    const events = [this.event('invoice.payment_failed', invoice), this.event('customer.subscription.updated', sub, previous)];
    this.save();
    return events;
  }

  private event(type: string, object: StripeObject, previousAttributes?: Record<string, unknown>): StripeEvent {
    const event = {
      id: stripeId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      data: { object: clone(object), ...(previousAttributes ? { previous_attributes: clone(previousAttributes) } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.world.events.push({ event, deliveries: [] });
    return event;
  }

  recordDelivery(eventId: string, status: number): void {
    this.world.events.find((e) => e.event.id === eventId)?.deliveries.push(status);
    this.save();
  }
}
