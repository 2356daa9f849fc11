import { useQuery } from '@tanstack/react-query';
import type { Post } from '@shared/posts';
import type { Scope, SeriesView } from '@shared/recurrence';
import { api } from '@/lib/api-client';

/**
 * Recurring posts' series (docs/recurring-posts.md), shared by the Posts cards and the calendar:
 * read a series, edit or delete an occurrence with a scope. A change touches several posts, so
 * every post list and count is refreshed after it.
 */
export const seriesKeys = { all: ['series'] as const, one: (id: string) => ['series', id] as const };

export const getSeries = (id: string): Promise<SeriesView> =>
  api(`/series/${encodeURIComponent(id)}`, { schema: () => import('@shared/recurrence').then((m) => m.SeriesViewSchema) });

export function useSeries(id: string | null | undefined) {
  return useQuery({ queryKey: seriesKeys.one(id ?? ''), queryFn: () => getSeries(id!), enabled: !!id });
}

export interface SeriesEdit {
  seriesId: string;
  postId: string;
  scope: Scope;
  /** The post as the Compose form builds it (PATCH /api/posts/{id}'s full edit). */
  post: unknown;
}

export function editInSeries({ seriesId, postId, scope, post }: SeriesEdit): Promise<Post> {
  return api(`/series/${encodeURIComponent(seriesId)}`, {
    method: 'PATCH',
    body: { scope, post_id: postId, post },
    schema: () => import('@shared/posts').then((m) => m.PostSchema),
  });
}

export function deleteInSeries({ seriesId, postId, scope }: Omit<SeriesEdit, 'post'>): Promise<undefined> {
  const query = new URLSearchParams({ scope, post_id: postId });
  return api(`/series/${encodeURIComponent(seriesId)}?${query.toString()}`, { method: 'DELETE' });
}
