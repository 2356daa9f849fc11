import { BILLING_MSG } from '@shared/billing-messages';
import type { ManageSubscriptionBody, ManageSubscriptionResponse } from '@shared/billing';
import { useToastedMutation } from '@/components/use-toasted-mutation';
import { api } from '@/lib/api-client';
import { billingKeys } from './query-keys';

/** POST /billing/subscription: cancel at period end, or take the cancellation back. */
export function manageSubscription(body: ManageSubscriptionBody): Promise<ManageSubscriptionResponse> {
  return api('/billing/subscription', { method: 'POST', body, schema: () => import('@shared/billing').then((m) => m.ManageSubscriptionResponseSchema) });
}

/** docs/product-rules.md#messages-and-errors: 'Subscription updated successfully', or 'Error' with the failure's message. */
export function useManageSubscription() {
  return useToastedMutation({
    mutationFn: manageSubscription,
    success: BILLING_MSG.subscriptionUpdated,
    failure: 'Error',
    invalidates: billingKeys.subscription(),
  });
}
