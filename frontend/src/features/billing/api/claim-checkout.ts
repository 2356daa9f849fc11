import { BILLING_MSG } from '@shared/billing-messages';
import type { ClaimCheckoutBody, ClaimCheckoutResponse } from '@shared/billing';
import { useToastedMutation } from '@/components/use-toasted-mutation';
import { api } from '@/lib/api-client';
import { billingKeys } from './query-keys';

/** POST /billing/claim-checkout: attaches a public checkout paid with this account's e-mail. */
export function claimCheckout(body: ClaimCheckoutBody): Promise<ClaimCheckoutResponse> {
  return api('/billing/claim-checkout', { method: 'POST', body, schema: () => import('@shared/billing').then((m) => m.ClaimCheckoutResponseSchema) });
}

/** The plan-added toast, or 'Error' with the refusal (docs/product-rules.md#messages-and-errors); the subscription is read again either way. */
export function useClaimCheckout() {
  return useToastedMutation({ mutationFn: claimCheckout, success: BILLING_MSG.planClaimed, failure: 'Error', invalidates: billingKeys.all });
}
