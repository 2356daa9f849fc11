import * as z from 'zod';
import { EmailSchema, PasswordSchema } from './auth';
import { BILLING_MSG } from './billing-messages';
import { MSG } from './messages';
import { PLAN_IDS } from './plans';
import { SubscriptionSchema } from './subscription';
import { text } from './text';

/**
 * The billing API contract: checkout with and without an account, subscription
 * management, signup completion after a public payment, and the Subscription page's data.
 */

export { BILLING_MSG };

/** "{Plan} is coming soon" */
export const planComingSoonMessage = (planName: string) => `${planName} is coming soon`;

const ProductIdSchema = text().trim().min(1, { message: BILLING_MSG.unknownPlan }).max(100);

/** POST /api/billing/public-checkout (no session): the landing page's "Complete Your Subscription" dialog. */
export const PublicCheckoutBodySchema = z.object({
  productId: ProductIdSchema,
  email: EmailSchema,
  /** Optional; defaults to the email (docs/product-rules.md#other-forms). */
  name: text().trim().max(200).optional(),
});
export type PublicCheckoutBody = z.infer<typeof PublicCheckoutBodySchema>;

/** POST /api/billing/checkout (signed in). */
export const CheckoutBodySchema = z.object({ productId: ProductIdSchema });
export type CheckoutBody = z.infer<typeof CheckoutBodySchema>;

/** Both checkouts answer with the hosted payment page; the browser navigates to it. */
export const CheckoutResponseSchema = z.object({ checkoutUrl: z.url() });
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

export const SUBSCRIPTION_ACTIONS = ['cancel', 'reactivate'] as const;
export type SubscriptionAction = (typeof SUBSCRIPTION_ACTIONS)[number];

/** POST /api/billing/subscription (signed in): cancel at period end, or undo that. */
export const ManageSubscriptionBodySchema = z.object({
  subscriptionId: text().trim().min(1, { message: BILLING_MSG.subscriptionNotFound }).max(255),
  action: z.enum(SUBSCRIPTION_ACTIONS),
});
export type ManageSubscriptionBody = z.infer<typeof ManageSubscriptionBodySchema>;

export const ManageSubscriptionResponseSchema = z.object({
  subscription: SubscriptionSchema,
  message: z.literal(BILLING_MSG.subscriptionUpdated),
});
export type ManageSubscriptionResponse = z.infer<typeof ManageSubscriptionResponseSchema>;

/**
 * POST /api/billing/complete-signup (no session): after a public checkout, the /complete-signup
 * page sends the email and session_id from its query string with the chosen password. `confirm`
 * is optional for the API (the page checks it first, docs/product-rules.md#other-forms) but must match when given.
 */
/** A Checkout Session id from a success URL, as complete-signup and claim-checkout receive it. */
const CheckoutSessionIdSchema = text().trim().min(1, { message: BILLING_MSG.paymentNotFound }).max(255);

export const CompleteSignupBodySchema = z
  .object({
    email: EmailSchema,
    session_id: CheckoutSessionIdSchema,
    password: PasswordSchema,
    confirm: text().optional(),
  })
  .refine((b) => b.confirm === undefined || b.confirm === b.password, { message: MSG.passwordsDontMatch, path: ['confirm'] });
export type CompleteSignupBody = z.infer<typeof CompleteSignupBodySchema>;

/**
 * POST /api/billing/confirm-signup (no session): the verification link of an account a public
 * checkout made leads to a page where the owner of the address verifies it and sets the password;
 * the mailed code proves the address.
 */
export const ConfirmSignupBodySchema = z.object({
  email: EmailSchema,
  code: text()
    .trim()
    .regex(/^\d{1,16}$/, { message: 'Enter the code from the e-mail.' }),
  password: PasswordSchema,
});
export type ConfirmSignupBody = z.infer<typeof ConfirmSignupBodySchema>;
export const ConfirmSignupResponseSchema = z.object({ email: z.string(), message: z.literal(BILLING_MSG.emailVerifiedPasswordSet) });
export type ConfirmSignupResponse = z.infer<typeof ConfirmSignupResponseSchema>;

/**
 * GET /api/billing/checkout-status?session_id=…&email=… (no session): /complete-signup asks before
 * it says "Payment Successful!". 200 only for a paid, unused checkout paid with this
 * e-mail; otherwise the same error complete-signup would give (not found, not complete, used, other e-mail).
 * `account` says whether that e-mail already has an account: `existing` is signed in to and claimed,
 * `new` gets the password form. Only a payer who holds the paid session learns it, as complete-signup's
 * ACCOUNT_EXISTS already told them.
 */
export const CheckoutStatusQuerySchema = z.object({ session_id: CheckoutSessionIdSchema, email: EmailSchema });
export type CheckoutStatusQuery = z.infer<typeof CheckoutStatusQuerySchema>;

export const CheckoutStatusResponseSchema = z.object({ status: z.literal('paid'), account: z.enum(['new', 'existing']) });
export type CheckoutStatusResponse = z.infer<typeof CheckoutStatusResponseSchema>;

/** 201: the account exists and holds the paid subscription; the page signs in with the password. */
export const CompleteSignupResponseSchema = z.object({ email: z.string(), message: z.literal(BILLING_MSG.accountCreatedTitle) });
export type CompleteSignupResponse = z.infer<typeof CompleteSignupResponseSchema>;

/**
 * POST /api/billing/claim-checkout (signed in): a public checkout paid with the e-mail of an
 * existing account is attached to that account once its owner signs in.
 */
export const ClaimCheckoutBodySchema = z.object({ session_id: CheckoutSessionIdSchema });
export type ClaimCheckoutBody = z.infer<typeof ClaimCheckoutBodySchema>;

/** 200: the subscription now on the account (null only until Stripe or its webhook can be read). */
export const ClaimCheckoutResponseSchema = z.object({ subscription: SubscriptionSchema.nullable(), message: z.literal(BILLING_MSG.planClaimed) });
export type ClaimCheckoutResponse = z.infer<typeof ClaimCheckoutResponseSchema>;

/** GET /api/subscription: the Subscription page's Overview (current plan, usage bar, subscription card). */
export const SubscriptionResponseSchema = z.object({
  subscription: SubscriptionSchema.nullable(),
  /** The plan whose limits apply now (Free after a canceled subscription's period end). */
  plan: z.enum(PLAN_IDS),
  usage: z.object({
    month: z.string().regex(/^\d{4}-\d{2}$/),
    used: z.number().int().nonnegative(),
    limit: z.number().int().positive(),
  }),
});
export type SubscriptionResponse = z.infer<typeof SubscriptionResponseSchema>;

/** Query parameters of /complete-signup (the success URL of a public checkout). */
export const CompleteSignupQuerySchema = z.object({ email: text().min(1), session_id: text().min(1) });
