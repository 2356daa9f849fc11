import { useQuery } from '@tanstack/react-query';
import type { Post } from '@shared/posts';
import { api } from '@/lib/api-client';
import { postKeys } from './query-keys';

export function getPost(id: string, signal?: AbortSignal): Promise<Post> {
  return api(`/posts/${encodeURIComponent(id)}`, { schema: () => import('@shared/posts').then((m) => m.PostSchema), signal });
}

/** One post by id (a notice's or an e-mail's link names it); `null` reads nothing. */
export function usePost(id: string | null) {
  return useQuery({
    queryKey: postKeys.one(id ?? ''),
    queryFn: ({ signal }) => getPost(id!, signal),
    enabled: id !== null,
    retry: false,
  });
}
