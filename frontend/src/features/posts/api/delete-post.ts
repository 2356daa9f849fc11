import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toaster } from '@/components/ui/toaster';
import { api } from '@/lib/api-client';
import { postKeys } from './query-keys';

export function deletePost(id: string): Promise<undefined> {
  return api(`/posts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** docs/product-rules.md#messages-and-errors: 'Post deleted' on success; a failure shows no toast and is only logged. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () => {
      toaster.success({ title: 'Post deleted' });
    },
    onError: (error) => console.error('Delete post failed', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
