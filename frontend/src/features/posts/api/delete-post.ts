import { useToastedMutation } from '@/components/use-toasted-mutation';
import { api } from '@/lib/api-client';
import { postKeys } from './query-keys';

export function deletePost(id: string): Promise<undefined> {
  return api(`/posts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** docs/product-rules.md#messages-and-errors: 'Post deleted' on success; a failure shows no toast and is only logged. */
export function useDeletePost() {
  return useToastedMutation({ mutationFn: deletePost, success: 'Post deleted', failure: { log: 'Delete post failed' }, invalidates: postKeys.all });
}
