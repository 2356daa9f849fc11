import { useQuery } from '@tanstack/react-query';
import { PostSchema, type Post } from '@shared/posts';
import { api } from '@/lib/api-client';
import { postKeys } from './query-keys';

// The schema is imported, not loaded with the answer: loaded lazily, a notice's link (?workspace=&post=)
// read the post before the switch to its workspace had taken effect, and found nothing (the frontend
// test "opens the post a notice links to" fails). This keeps zod in the Posts page's first paint.
export function getPost(id: string, signal?: AbortSignal): Promise<Post> {
  return api(`/posts/${encodeURIComponent(id)}`, { schema: PostSchema, signal });
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
