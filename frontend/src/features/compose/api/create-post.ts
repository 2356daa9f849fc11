import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PostSchema, type CreatePostBody, type Post } from '@shared/posts';
import { api } from '@/lib/api-client';
import { composeKeys } from './query-keys';

/** POST /api/posts: a scheduled post when `scheduled_at` is set, otherwise a draft (spec §4). */
export function createPost(body: CreatePostBody): Promise<Post> {
  return api('/posts', { method: 'POST', body, schema: PostSchema });
}

/** Toasts and the form reset are the caller's; lists of posts and the usage meter refetch here. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: composeKeys.createPost,
    mutationFn: createPost,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: composeKeys.posts }),
        queryClient.invalidateQueries({ queryKey: composeKeys.usage }),
      ]),
  });
}
