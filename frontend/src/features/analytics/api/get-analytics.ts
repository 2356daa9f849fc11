import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsResponse } from '@shared/analytics';
import { api } from '@/lib/api-client';
import { analyticsKeys } from './query-keys';

/** The query string of a period (and, in agency mode, one client's report; '' = all). */
export function periodQuery(days: number, clientId: string): string {
  const params = new URLSearchParams({ days: String(days) });
  if (clientId) params.set('client', clientId);
  return params.toString();
}

/** GET /analytics?days=30|90|365[&client=id]: what the plan includes; the rest is null and listed in `locked`. */
export function getAnalytics(days: number, clientId: string, signal?: AbortSignal): Promise<AnalyticsResponse> {
  return api(`/analytics?${periodQuery(days, clientId)}`, { schema: () => import('@shared/analytics').then((m) => m.AnalyticsResponseSchema), signal });
}

export function getAnalyticsQueryOptions(days: number, clientId: string) {
  return queryOptions({
    queryKey: analyticsKeys.period(days, clientId),
    queryFn: ({ signal }) => getAnalytics(days, clientId, signal),
  });
}

/** Keeps the last period on screen while another loads, so the page does not jump back to skeletons. */
export function useAnalytics(days: number, clientId: string) {
  return useQuery({ ...getAnalyticsQueryOptions(days, clientId), placeholderData: keepPreviousData });
}
