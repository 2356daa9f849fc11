import { queryOptions, useQuery } from '@tanstack/react-query';
import { CheckoutStatusResponseSchema, type CheckoutStatusQuery, type CheckoutStatusResponse } from '@shared/billing';
import { api } from '@/lib/api-client';
import { billingKeys } from './query-keys';

/** GET /billing/checkout-status (public): is this a paid, unused checkout paid with this e-mail? */
export function checkCheckout(query: CheckoutStatusQuery, { signal }: { signal?: AbortSignal } = {}): Promise<CheckoutStatusResponse> {
  return api(`/billing/checkout-status?${new URLSearchParams(query)}`, { auth: false, schema: CheckoutStatusResponseSchema, signal });
}

export function useCheckoutStatus(query: CheckoutStatusQuery) {
  return useQuery(
    queryOptions({
      queryKey: billingKeys.checkoutStatus(query.session_id, query.email),
      queryFn: ({ signal }) => checkCheckout(query, { signal }),
      // Checked once on arrival; refetching on focus would flip a completed signup to "already used".
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
  );
}
