import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PostPageWithIssues } from '@shared/connection-health';
import { POST_PAGE_SIZE } from '@shared/statuses';
import type { PostTabId } from '@shared/statuses';
import { UI } from '@shared/ui';
import { api } from '@/lib/api-client';
import { postKeys } from './query-keys';

/** One page of a tab (each post with its connection issues); the cursor is the server's opaque `nextCursor` of the page before. */
export function getPosts({
  tab,
  cursor,
  clientId,
  signal,
}: {
  tab: PostTabId;
  cursor?: string | null;
  clientId?: string;
  signal?: AbortSignal;
}): Promise<PostPageWithIssues> {
  const query = new URLSearchParams({ tab, limit: String(POST_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  if (clientId) query.set('client_id', clientId);
  return api(`/posts?${query.toString()}`, { schema: () => import('@shared/connection-health').then((m) => m.PostPageWithIssuesSchema), signal });
}

export function getPostsInfiniteQueryOptions(tab: PostTabId, clientId = '') {
  return infiniteQueryOptions({
    queryKey: postKeys.list(tab, clientId),
    queryFn: ({ pageParam, signal }) => getPosts({ tab, cursor: pageParam, clientId, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** docs/product-rules.md#constants: the lists refresh every 15 s while the Posts view is open. */
export function usePosts(tab: PostTabId, clientId = '') {
  return useInfiniteQuery({ ...getPostsInfiniteQueryOptions(tab, clientId), refetchInterval: UI.postsRefreshMs });
}
