import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostAnalyticsResponse } from '@shared/analytics';
import { api } from '@/lib/api-client';
import { analyticsKeys } from './query-keys';

/** GET /analytics/posts/{id}: one post's readings over time, per platform (Basic and up). */
export function getPostAnalytics(postId: string, signal?: AbortSignal): Promise<PostAnalyticsResponse> {
  return api(`/analytics/posts/${encodeURIComponent(postId)}`, {
    schema: () => import('@shared/analytics').then((m) => m.PostAnalyticsResponseSchema),
    signal,
  });
}

export function usePostAnalytics(postId: string) {
  return useQuery(queryOptions({ queryKey: analyticsKeys.post(postId), queryFn: ({ signal }) => getPostAnalytics(postId, signal) }));
}
