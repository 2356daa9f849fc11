import { queryOptions, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { SubscriptionResponse } from '@shared/billing';
import { api } from '@/lib/api-client';
import { billingKeys } from './query-keys';

/** GET /subscription: the current plan, the subscription (or null) and this month's usage. */
export function getSubscription({ signal }: { signal?: AbortSignal } = {}): Promise<SubscriptionResponse> {
  return api('/subscription', { schema: () => import('@shared/billing').then((m) => m.SubscriptionResponseSchema), signal });
}

export function getSubscriptionQueryOptions() {
  return queryOptions({ queryKey: billingKeys.subscription(), queryFn: ({ signal }) => getSubscription({ signal }) });
}

type RefetchInterval = UseQueryOptions<SubscriptionResponse, Error, SubscriptionResponse, ReturnType<typeof billingKeys.subscription>>['refetchInterval'];

/** `refetchInterval` lets the page poll while a just-paid checkout's webhook is on its way. */
export function useSubscription({ refetchInterval }: { refetchInterval?: RefetchInterval } = {}) {
  return useQuery({ ...getSubscriptionQueryOptions(), refetchInterval });
}
