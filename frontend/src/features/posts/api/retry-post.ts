import type { Post, RetryPostBody } from '@shared/posts';
import { toaster } from '@/components/ui/toaster';
import { useToastedMutation } from '@/components/use-toasted-mutation';
import { api } from '@/lib/api-client';
import { targetNames } from '@/lib/target-names';
import { postKeys } from './query-keys';

/** POST /posts/{id}/retry: the failed platforms only, now (no time) or at `scheduled_at`. */
export function retryPost({ id, body = {} }: { id: string; body?: RetryPostBody }): Promise<Post> {
  return api(`/posts/${encodeURIComponent(id)}/retry`, { method: 'POST', body, schema: () => import('@shared/posts').then((m) => m.PostSchema) });
}

/** "Facebook (Bakery Page) and X (@ada)": the failed targets a retry sends again. */
export function failedTargetNames(post: Pick<Post, 'platforms'>): string {
  return targetNames(post.platforms.filter((t) => t.status === 'failed'));
}

/** The post leaves the Failed tab for Scheduled: every post list and count is refetched. */
export function useRetryPost() {
  return useToastedMutation({
    mutationFn: ({ post, body }: { post: Post; body?: RetryPostBody }) => retryPost({ id: post.id, body }),
    // Named from the post as it was: those are the targets that failed and go out again.
    success: (_, { post }) => {
      toaster.success({ title: 'Publishing the failed platforms again', description: `Sending to ${failedTargetNames(post)} only.` });
    },
    failure: "Couldn't retry the post",
    invalidates: postKeys.all,
  });
}
