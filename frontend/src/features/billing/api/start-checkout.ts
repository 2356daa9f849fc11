import { useMutation } from '@tanstack/react-query';
import type { CheckoutBody, CheckoutResponse } from '@shared/billing';
import { toaster } from '@/components/ui/toaster';
import { api } from '@/lib/api-client';

/** POST /billing/checkout: a signed-in user buys a plan; 409 while already on a live paid plan. */
export function startCheckout(body: CheckoutBody): Promise<CheckoutResponse> {
  return api('/billing/checkout', { method: 'POST', body, schema: () => import('@shared/billing').then((m) => m.CheckoutResponseSchema) });
}

/** Sends the browser to the hosted payment page; a refusal is the 'Error' toast (docs/product-rules.md#messages-and-errors). */
export function useStartCheckout() {
  return useMutation({
    mutationFn: startCheckout,
    onSuccess: ({ checkoutUrl }) => {
      window.location.assign(checkoutUrl);
    },
    onError: (error) => {
      toaster.error({ title: 'Error', description: error.message });
    },
  });
}
