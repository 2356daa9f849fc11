import type { PostWithLimitWarnings } from '@shared/platform-limits';
import type { Post } from '@shared/posts';
import type { UpdatePostBody } from '@shared/post-bodies';
import { toaster } from '@/components/ui/toaster';
import { useToastedMutation } from '@/components/use-toasted-mutation';
import { api } from '@/lib/api-client';
import { postKeys } from './query-keys';

/** PATCH /posts/{id}: the whole post as the Compose form builds it, or the older time-and-captions payload. */
export function updatePost({ id, body }: { id: string; body: UpdatePostBody }): Promise<PostWithLimitWarnings> {
  return api(`/posts/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    schema: () => import('@shared/platform-limits').then((m) => m.PostWithLimitWarningsSchema),
  });
}

/** docs/product-rules.md#messages-and-errors: 'Post updated successfully!' or 'Error updating post' with the failure's message. */
export function useUpdatePost({ onSuccess }: { onSuccess?: (post: Post) => void } = {}) {
  return useToastedMutation({
    mutationFn: updatePost,
    success: (post) => {
      toaster.success({ title: 'Post updated successfully!' });
      // Saved, but over a platform's cap at the new time: say so, with the next free time.
      for (const warning of post.limit_warnings ?? []) toaster.warning({ title: 'Over a platform limit', description: warning.message });
    },
    failure: 'Error updating post',
    invalidates: postKeys.all,
    onSuccess,
  });
}
