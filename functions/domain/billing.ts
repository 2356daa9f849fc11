import {
  BILLING_MSG,
  planComingSoonMessage,
  type CheckoutResponse,
  type CheckoutStatusQuery,
  type CheckoutStatusResponse,
  type ClaimCheckoutBody,
  type ClaimCheckoutResponse,
  type CompleteSignupBody,
  type CompleteSignupResponse,
  type ManageSubscriptionBody,
  type ManageSubscriptionResponse,
  type SubscriptionResponse,
} from '@shared/billing';
import type { Plan } from '@shared/plans';
import { effectivePlan, type Subscription } from '@shared/subscription';
import type Stripe from 'stripe';
import { UserExistsError, userExists, createUser } from '../data/user-directory';
import type { SubscriptionState } from '../data/subscriptions';
import { getUsageCount } from '../data/usage';
import { getProfile, markPayerPassword } from '../data/users';
import { appOrigin } from '../lib/app-origin';
import { AppError, ConflictError, DependencyError, NotFoundError } from '../lib/errors';
import { logger } from '../lib/logger';
import { priceFor } from '../lib/stripe';
import { checkoutSettled, defaultBillingDeps, storeSubscription, syncSubscription, toSubscriptionState, type BillingDeps } from './billing-sync';
import { offeredPlans } from './plans';
import { monthOf } from './posts';

/**
 * Selling plans with Stripe: Checkout Sessions with and without an account, cancel and
 * reactivate at period end, and the account that a public payment becomes.
 */
export interface UserDirectory {
  userExists(email: string): Promise<boolean>;
  /** Returns the new user's id; throws UserExistsError when the e-mail is taken. */
  createUser(email: string, password: string): Promise<string>;
  /** Marks the account's password as the payer's: no session opens until the address's owner sets one. */
  markPayerPassword(userId: string): Promise<void>;
}

export type CheckoutDeps = BillingDeps & { plans: () => Plan[] };

export const defaultCheckoutDeps: CheckoutDeps = { ...defaultBillingDeps, plans: offeredPlans };

/** Signup completion alone reaches the user directory: the others get no Cognito grant. */
export type SignupDeps = CheckoutDeps & { users: UserDirectory };

export const defaultSignupDeps: SignupDeps = { ...defaultCheckoutDeps, users: { userExists, createUser, markPayerPassword } };

/** An unpaid checkout pointer outlives Stripe's 24-hour session expiry, then TTL removes it. */
const CHECKOUT_POINTER_SECONDS = 2 * 86_400;

/** The plan a product id names, refused unless this deployment sells it. Returns it with its price. */
export function sellablePlan(productId: string, plans: Plan[]): { plan: Plan; priceId: string } {
  const plan = plans.find((p) => p.productId === productId);
  if (!plan) throw new AppError('UNKNOWN_PLAN', 400, BILLING_MSG.unknownPlan);
  if (plan.isFree) throw new AppError('PLAN_NOT_SOLD', 400, BILLING_MSG.freePlanNotSold);
  if (plan.comingSoon) throw new AppError('PLAN_COMING_SOON', 400, planComingSoonMessage(plan.name));
  const priceId = priceFor(productId);
  if (!priceId) {
    logger.error('No Stripe price configured for a plan on sale (STRIPE_PRICES)', { productId });
    throw new AppError('PLAN_NOT_SOLD', 400, BILLING_MSG.planNotForSale);
  }
  return { plan, priceId };
}

async function createSession(
  input: { priceId: string; productId: string; email: string | null; userId: string | null; name?: string; successUrl: string; cancelUrl: string },
  deps: CheckoutDeps,
): Promise<CheckoutResponse> {
  const metadata: Record<string, string> = { productId: input.productId, ...(input.userId ? { userId: input.userId } : {}) };
  let session;
  try {
    session = await (
      await deps.stripe()
    ).checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: input.priceId, quantity: 1 }],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      ...(input.email ? { customer_email: input.email } : {}),
      ...(input.userId ? { client_reference_id: input.userId } : {}),
      metadata: { ...metadata, ...(input.name ? { name: input.name } : {}) },
      // Promotion codes made in the Stripe dashboard (a 100%-off code completes with payment_status
      // no_payment_required, which grants the plan like a payment: checkoutSettled).
      allow_promotion_codes: true,
      // Carried on the subscription, so its webhooks name the user even before the customer is linked.
      subscription_data: { metadata },
    });
  } catch (error) {
    throw new DependencyError("We couldn't start the payment. Please try again.", { cause: error });
  }
  if (!session.url) throw new DependencyError("We couldn't start the payment. Please try again.");
  const now = deps.now();
  await deps.store.saveCheckout(
    { sessionId: session.id, email: (input.email ?? '').toLowerCase(), productId: input.productId, userId: input.userId, createdAt: now.toISOString() },
    Math.floor(now.getTime() / 1000) + CHECKOUT_POINTER_SECONDS,
  );
  return { checkoutUrl: session.url };
}

/** POST /api/billing/public-checkout: pay first, the account is made afterwards (docs/product-rules.md#the-product). */
export async function startPublicCheckout(
  body: { productId: string; email: string; name?: string },
  deps: CheckoutDeps = defaultCheckoutDeps,
): Promise<CheckoutResponse> {
  const { priceId } = sellablePlan(body.productId, deps.plans());
  const origin = await appOrigin();
  // Stripe fills in {CHECKOUT_SESSION_ID}; it must stay literal, not URL-encoded.
  const successUrl = `${origin}/complete-signup?email=${encodeURIComponent(body.email)}&session_id={CHECKOUT_SESSION_ID}`;
  return createSession(
    { priceId, productId: body.productId, email: body.email, userId: null, name: body.name || body.email, successUrl, cancelUrl: `${origin}/` },
    deps,
  );
}

/** POST /api/billing/checkout: a signed-in user buys a plan. */
export async function startCheckout(userId: string, body: { productId: string }, deps: CheckoutDeps = defaultCheckoutDeps): Promise<CheckoutResponse> {
  const { priceId } = sellablePlan(body.productId, deps.plans());
  const { state } = await deps.store.readSubscriptionState(userId);
  // One subscription per user: a second one would bill twice (no upgrade flow yet).
  if (effectivePlan(state, deps.now()).id !== 'free') {
    throw new ConflictError(BILLING_MSG.alreadySubscribed);
  }
  const origin = await appOrigin();
  const { email } = await getProfile(userId);
  return createSession(
    {
      priceId,
      productId: body.productId,
      email,
      userId,
      successUrl: `${origin}/home/subscription?checkout=success`,
      cancelUrl: `${origin}/home/subscription?checkout=canceled`,
    },
    deps,
  );
}

export function toPublicSubscription(state: SubscriptionState): Subscription {
  const { id, status, product_id, current_period_end, cancel_at_period_end, created_at } = state;
  return { id, status, product_id, current_period_end, cancel_at_period_end, created_at };
}

/** POST /api/billing/subscription: cancel at period end, or take that back. Own, active subscription only. */
export async function manageSubscription(
  userId: string,
  body: ManageSubscriptionBody,
  deps: BillingDeps = defaultBillingDeps,
): Promise<ManageSubscriptionResponse> {
  const { state } = await deps.store.readSubscriptionState(userId);
  // Someone else's id looks exactly like a missing one: nothing about other users leaks.
  if (!state || state.id !== body.subscriptionId) throw new NotFoundError(BILLING_MSG.subscriptionNotFound);
  if (state.status !== 'active') throw new AppError('SUBSCRIPTION_NOT_ACTIVE', 409, BILLING_MSG.subscriptionNotActive);
  const observedAt = deps.now().getTime();
  let updated;
  try {
    updated = await (await deps.stripe()).subscriptions.update(state.id, { cancel_at_period_end: body.action === 'cancel' });
  } catch (error) {
    throw new DependencyError("We couldn't update the subscription. Please try again.", { cause: error });
  }
  const stored = await storeSubscription({ userId }, toSubscriptionState(updated, observedAt, null), deps);
  return { subscription: toPublicSubscription(stored ?? toSubscriptionState(updated, observedAt, null)), message: BILLING_MSG.subscriptionUpdated };
}

/** GET /api/subscription: the subscription card, the plan in force and this month's usage. */
export async function subscriptionOverview(userId: string, deps: Pick<BillingDeps, 'store' | 'now'> = defaultBillingDeps): Promise<SubscriptionResponse> {
  const now = deps.now();
  const month = monthOf(now);
  const [{ state }, used] = await Promise.all([deps.store.readSubscriptionState(userId), getUsageCount(userId, month)]);
  const plan = effectivePlan(state, now);
  return { subscription: state ? toPublicSubscription(state) : null, plan: plan.id, usage: { month, used, limit: plan.postLimit } };
}

/** A paid public checkout nobody has used yet: its pointer, Stripe's session and the payer's e-mail (lower-cased). */
async function paidUnusedCheckout(sessionId: string, deps: CheckoutDeps): Promise<{ session: Stripe.Checkout.Session; paidBy: string }> {
  const checkout = await deps.store.getCheckout(sessionId);
  if (!checkout) throw new AppError('PAYMENT_NOT_FOUND', 404, BILLING_MSG.paymentNotFound);
  if (checkout.used || checkout.userId) throw paymentAlreadyUsed();

  let session;
  try {
    session = await (await deps.stripe()).checkout.sessions.retrieve(sessionId);
  } catch (error) {
    throw new DependencyError("We couldn't check the payment. Please try again.", { cause: error });
  }
  if (session.status !== 'complete' || !checkoutSettled(session)) {
    throw new AppError('PAYMENT_NOT_COMPLETE', 400, BILLING_MSG.paymentNotComplete);
  }
  return { session, paidBy: (session.customer_details?.email ?? session.customer_email ?? checkout.email).toLowerCase() };
}

const paymentAlreadyUsed = () => new AppError('PAYMENT_ALREADY_USED', 409, BILLING_MSG.paymentAlreadyUsed);

/** Takes the checkout pointer for one account: a conditional write that exactly one request wins. */
async function claimOrRefuse(sessionId: string, now: Date, deps: CheckoutDeps): Promise<void> {
  if (!(await deps.store.claimCheckout(sessionId, now))) throw paymentAlreadyUsed();
}

/**
 * Moves a claimed public checkout's subscription to `userId`: the Stripe customer now names the
 * user, the subscription is read again for them (or, failing that, taken from what the webhooks
 * parked on the pointer), and the pointer records whose it became. Returns what the user now has.
 */
async function attachPaidCheckout(
  sessionId: string,
  session: Stripe.Checkout.Session,
  userId: string,
  now: Date,
  deps: CheckoutDeps,
): Promise<SubscriptionState | null> {
  const customerId = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
  if (customerId) await deps.store.linkCustomer(customerId, { userId }, now);
  const subscriptionId = typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? null);
  let stored: SubscriptionState | null = null;
  // Read after the customer link exists: every webhook from here on goes to the user, and this read
  // is newer than anything parked before it.
  if (subscriptionId) {
    try {
      stored = await syncSubscription(subscriptionId, { owner: { userId } }, deps);
    } catch (error) {
      // The payment is spent on this user: fall back to what the webhooks parked, and let the next
      // webhook (the customer now names the user) bring the row up to date.
      logger.error('Reading the paid subscription failed; using the parked copy', { error, userId, subscriptionId });
      const parked = await deps.store.readParkedSubscription(sessionId);
      if (parked?.state) stored = await storeSubscription({ userId }, parked.state, deps);
    }
  }
  await deps.store.finishCheckout(sessionId, userId, now);
  return stored;
}

/**
 * GET /api/billing/checkout-status: may /complete-signup offer its password form for this payment?
 * Not when the e-mail already has an account: its holder signs in with their own password and claims
 * the payment, rather than being asked for a new one that complete-signup would refuse anyway.
 */
export async function checkoutStatus(
  query: CheckoutStatusQuery,
  deps: CheckoutDeps & { users: Pick<UserDirectory, 'userExists'> } = defaultSignupDeps,
): Promise<CheckoutStatusResponse> {
  const email = query.email.trim().toLowerCase();
  const { paidBy } = await paidUnusedCheckout(query.session_id, deps);
  if (paidBy !== email) throw new AppError('EMAIL_MISMATCH', 403, BILLING_MSG.emailMismatch);
  return { status: 'paid', account: (await deps.users.userExists(email)) ? 'existing' : 'new' };
}

/**
 * POST /api/billing/complete-signup: turns a paid public checkout into an account. Stripe must say
 * the session is paid, its e-mail must be the one given, and each payment makes one account: the
 * claim on the checkout pointer is a conditional write that exactly one request wins. The account
 * starts unconfirmed: it signs in only after its owner followed the verification link.
 */
export async function completeSignup(body: CompleteSignupBody, deps: SignupDeps = defaultSignupDeps): Promise<CompleteSignupResponse> {
  // One person, one account: the pool matches addresses without case, and the account is made with
  // the address in lower case, as the payment is recorded, whatever case the payer typed.
  const email = body.email.trim().toLowerCase();
  const sessionId = body.session_id;
  const { session, paidBy } = await paidUnusedCheckout(sessionId, deps);
  if (paidBy !== email) throw new AppError('EMAIL_MISMATCH', 403, BILLING_MSG.emailMismatch);
  if (await deps.users.userExists(email)) throw new AppError('ACCOUNT_EXISTS', 409, BILLING_MSG.accountExists);

  const now = deps.now();
  await claimOrRefuse(sessionId, now, deps);
  let userId: string;
  try {
    userId = await deps.users.createUser(email, body.password);
  } catch (error) {
    await deps.store.releaseCheckout(sessionId);
    if (error instanceof UserExistsError) throw new AppError('ACCOUNT_EXISTS', 409, BILLING_MSG.accountExists);
    throw error;
  }
  // The payer chose this password for an address they have not proved. Its owner sets their own when
  // verifying (the mail's link asks for it); until then, or until a reset, the gate admits no session,
  // so the payer's password never opens the account even once the address is verified.
  try {
    await deps.users.markPayerPassword(userId);
  } catch (error) {
    // The payment stays unused (the claim is released): the payer can retry, or sign in and claim it.
    logger.error("Created a checkout account but could not mark its password as the payer's", { error, userId });
    await deps.store.releaseCheckout(sessionId);
    throw new DependencyError(BILLING_MSG.signupUnavailable, { cause: error });
  }

  // The plan goes to the new, still unconfirmed user at once: nobody can use it before the e-mail is
  // proven, because an unconfirmed user cannot sign in. Settings, profile and the default client
  // come from the post-confirmation trigger when the verification link is followed, as for any
  // sign-up.
  await attachPaidCheckout(sessionId, session, userId, now, deps);
  return { email, message: BILLING_MSG.accountCreatedTitle };
}

/**
 * POST /api/billing/claim-checkout: a public checkout paid with the e-mail of an existing account
 * (complete-signup answered ACCOUNT_EXISTS) goes to that account once its owner signs in. The
 * payment's e-mail must be the signed-in user's, and a user with a paid plan gets no second one
 * (startCheckout's rule); the pointer's conditional claim makes a repeat a 409.
 */
export async function claimPaidCheckout(userId: string, body: ClaimCheckoutBody, deps: CheckoutDeps = defaultCheckoutDeps): Promise<ClaimCheckoutResponse> {
  const sessionId = body.session_id;
  const { session, paidBy } = await paidUnusedCheckout(sessionId, deps);
  // The profile keeps the e-mail the account was confirmed with (the access token carries none).
  const { email } = await getProfile(userId);
  if (!email || email.trim().toLowerCase() !== paidBy) throw new AppError('EMAIL_MISMATCH', 403, BILLING_MSG.emailMismatch);
  const { state } = await deps.store.readSubscriptionState(userId);
  if (effectivePlan(state, deps.now()).id !== 'free') throw new ConflictError(BILLING_MSG.alreadySubscribed);

  const now = deps.now();
  await claimOrRefuse(sessionId, now, deps);
  const stored = await attachPaidCheckout(sessionId, session, userId, now, deps);
  return { subscription: stored ? toPublicSubscription(stored) : null, message: BILLING_MSG.planClaimed };
}
