import * as z from 'zod';
import { planForProductId, type Plan, FREE_PLAN } from './plans';

/**
 * A user's subscription as the browser sees it (docs/product-rules.md#entities: subscriptions). Billing keeps it
 * in step with the payment provider; until a user has paid there is none and the plan is Free.
 */
export const SubscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  product_id: z.string(),
  current_period_end: z.iso.datetime().nullable(),
  cancel_at_period_end: z.boolean(),
  created_at: z.iso.datetime(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** Statuses that keep a paid plan's entitlements while the period runs. */
const ENTITLED_STATUSES = new Set(['active', 'trialing', 'past_due']);

/**
 * The plan whose limits apply now: the subscription's plan while it is active (or trialing, or
 * past due while the provider retries) and its period has not ended; Free otherwise. A subscription
 * set to cancel at period end keeps its plan until then.
 */
export function effectivePlan(subscription: Subscription | null | undefined, now: Date): Plan {
  if (!subscription || !ENTITLED_STATUSES.has(subscription.status)) return FREE_PLAN;
  if (subscription.current_period_end && Date.parse(subscription.current_period_end) <= now.getTime()) return FREE_PLAN;
  return planForProductId(subscription.product_id);
}
