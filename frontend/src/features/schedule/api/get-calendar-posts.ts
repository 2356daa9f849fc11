import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Post } from '@shared/posts';
import { api } from '@/lib/api-client';
import { scheduleKeys } from './query-keys';

/** docs/product-rules.md#constants: the posts and schedule views refresh every 15 s. */
export const CALENDAR_REFRESH_MS = 15_000;

/** The scheduled-tab posts due in [from, to), soonest first. */
export async function getCalendarPosts(from: string, to: string, clientId = ''): Promise<Post[]> {
  const query = new URLSearchParams({ from, to });
  if (clientId) query.set('client_id', clientId);
  const { items } = await api(`/posts/calendar?${query.toString()}`, { schema: () => import('@shared/posts').then((m) => m.CalendarResponseSchema) });
  return items;
}

export function getCalendarPostsQueryOptions(from: string, to: string, clientId = '') {
  return queryOptions({
    queryKey: scheduleKeys.calendar(from, to, clientId),
    queryFn: () => getCalendarPosts(from, to, clientId),
    refetchInterval: CALENDAR_REFRESH_MS,
  });
}

/** `range` is null until the user's timezone is known, so no period is fetched in the wrong zone. */
export function useCalendarPosts(range: { from: string; to: string } | null, clientId = '') {
  return useQuery({
    ...getCalendarPostsQueryOptions(range?.from ?? '', range?.to ?? '', clientId),
    enabled: range !== null,
    // Keep the previous period on screen while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}
