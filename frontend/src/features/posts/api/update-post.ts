import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PostSchema, type Post, type UpdatePostBody } from '@shared/posts';
import { toaster } from '@/components/ui/toaster';
import { api } from '@/lib/api-client';
import { postKeys } from './query-keys';

/** PATCH /posts/{id}: the new time (null turns the post into a draft) and the captions by target id. */
export function updatePost({ id, body }: { id: string; body: UpdatePostBody }): Promise<Post> {
  return api(`/posts/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: PostSchema });
}

/** Spec §8: 'Post updated successfully!' or 'Error updating post' with the failure's message. */
export function useUpdatePost({ onSuccess }: { onSuccess?: (post: Post) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    onSuccess: (post) => {
      toaster.success({ title: 'Post updated successfully!' });
      onSuccess?.(post);
    },
    onError: (error) => {
      toaster.error({ title: 'Error updating post', description: error.message });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
