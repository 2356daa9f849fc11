import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostCounts } from '@shared/posts';
import { UI } from '@shared/ui';
import { api } from '@/lib/api-client';
import { postKeys } from './query-keys';

/** The tab counts, without loading the posts themselves; with a client, only that client's posts. */
export function getPostCounts({ clientId, signal }: { clientId?: string; signal?: AbortSignal } = {}): Promise<PostCounts> {
  const query = clientId ? `?${new URLSearchParams({ client_id: clientId }).toString()}` : '';
  return api(`/posts/counts${query}`, { schema: () => import('@shared/posts').then((m) => m.PostCountsSchema), signal });
}

export function getPostCountsQueryOptions(clientId = '') {
  return queryOptions({ queryKey: postKeys.counts(clientId), queryFn: ({ signal }) => getPostCounts({ clientId, signal }) });
}

/** `clientId` is the Posts page's agency filter ('' = every client), the same one its lists use. */
export function usePostCounts(clientId = '') {
  return useQuery({ ...getPostCountsQueryOptions(clientId), refetchInterval: UI.postsRefreshMs });
}
