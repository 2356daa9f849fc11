import { queryOptions, useQuery } from '@tanstack/react-query';
import { PostCountsSchema, type PostCounts } from '@shared/posts';
import { UI } from '@shared/ui';
import { api } from '@/lib/api-client';
import { postKeys } from './query-keys';

/** The tab counts, without loading the posts themselves. */
export function getPostCounts(): Promise<PostCounts> {
  return api('/posts/counts', { schema: PostCountsSchema });
}

export function getPostCountsQueryOptions() {
  return queryOptions({ queryKey: postKeys.counts(), queryFn: getPostCounts });
}

export function usePostCounts() {
  return useQuery({ ...getPostCountsQueryOptions(), refetchInterval: UI.postsRefreshMs });
}
