import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PostWithLimitWarningsSchema, type PostWithLimitWarnings } from '@shared/platform-limits';
import type { CreatePostBody } from '@shared/post-bodies';
import { toaster } from '@/components/ui/toaster';
import { api, newIdempotencyKey } from '@/lib/api-client';
import { composeKeys } from './query-keys';

/** POST /api/queue/posts (docs/queue.md#adding): the post goes to the earliest posting time free on all its accounts; the server picks it. */
export function addToQueue(body: CreatePostBody, idempotencyKey: string = newIdempotencyKey()): Promise<PostWithLimitWarnings> {
  return api('/queue/posts', { method: 'POST', body: { ...body, scheduled_at: null }, schema: PostWithLimitWarningsSchema, idempotencyKey });
}

/** As useCreatePost: outcome toasts and the form reset are the caller's; posts, usage and the queue refetch. */
export function useAddToQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['compose', 'add-to-queue'] as const,
    mutationFn: (body: CreatePostBody) => addToQueue(body),
    onSuccess: (post) => {
      for (const warning of post.limit_warnings ?? []) toaster.warning({ title: 'Over a platform limit', description: warning.message });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: composeKeys.posts }),
        queryClient.invalidateQueries({ queryKey: composeKeys.usage }),
        queryClient.invalidateQueries({ queryKey: ['queue'] }),
      ]);
    },
  });
}
