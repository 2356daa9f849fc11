import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BILLING_MSG, ManageSubscriptionResponseSchema, type ManageSubscriptionBody, type ManageSubscriptionResponse } from '@shared/billing';
import { toaster } from '@/components/ui/toaster';
import { api } from '@/lib/api-client';
import { billingKeys } from './query-keys';

/** POST /billing/subscription: cancel at period end, or take the cancellation back. */
export function manageSubscription(body: ManageSubscriptionBody): Promise<ManageSubscriptionResponse> {
  return api('/billing/subscription', { method: 'POST', body, schema: ManageSubscriptionResponseSchema });
}

/** docs/product-rules.md#messages-and-errors: 'Subscription updated successfully', or 'Error' with the failure's message. */
export function useManageSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: manageSubscription,
    onSuccess: () => {
      toaster.success({ title: BILLING_MSG.subscriptionUpdated });
    },
    onError: (error) => {
      toaster.error({ title: 'Error', description: error.message });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.subscription() }),
  });
}
