import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Post } from '@shared/posts';
import type { UpdatePostBody } from '@shared/post-bodies';
import { toaster } from '@/components/ui/toaster';
import { api } from '@/lib/api-client';
import { scheduleKeys } from './query-keys';

export interface ReschedulePostInput {
  id: string;
  scheduledAt: string;
}

/** PATCH /posts/{id} with a new time only: an empty `platforms` leaves every caption as it is. */
export function reschedulePost({ id, scheduledAt }: ReschedulePostInput): Promise<Post> {
  const body: UpdatePostBody = { scheduled_at: scheduledAt, platforms: [] };
  return api(`/posts/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: () => import('@shared/posts').then((m) => m.PostSchema) });
}

type Snapshot = [QueryKey, Post[] | undefined][];

/**
 * Drag-to-reschedule. The post moves at once in every cached calendar period and moves back if the
 * API refuses; docs/product-rules.md#messages-and-errors toasts either way, then every post query refetches.
 */
export function useReschedulePost() {
  const queryClient = useQueryClient();
  return useMutation<Post, Error, ReschedulePostInput, { snapshot: Snapshot }>({
    mutationFn: reschedulePost,
    onMutate: async ({ id, scheduledAt }) => {
      await queryClient.cancelQueries({ queryKey: scheduleKeys.calendarAll() });
      const snapshot = queryClient.getQueriesData<Post[]>({ queryKey: scheduleKeys.calendarAll() });
      queryClient.setQueriesData<Post[]>({ queryKey: scheduleKeys.calendarAll() }, (posts) =>
        posts?.map((post) => (post.id === id ? { ...post, scheduled_at: scheduledAt } : post)),
      );
      return { snapshot };
    },
    onSuccess: () => {
      toaster.success({ title: 'Post updated successfully!' });
    },
    onError: (error, _input, context) => {
      for (const [key, posts] of context?.snapshot ?? []) queryClient.setQueryData(key, posts);
      toaster.error({ title: 'Error updating post', description: error.message });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.posts }),
  });
}
