import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PostWithLimitWarningsSchema, type PostWithLimitWarnings } from '@shared/platform-limits';
import type { PublishNowBody } from '@shared/post-bodies';
import { api } from '@/lib/api-client';
import { afterSaved } from './create-post';
import { composeKeys } from './query-keys';

/**
 * POST /api/posts/publish-now: the post is due at the server's now and dispatched straight away. The
 * key stands for one confirmation (docs/idempotency.md): sent twice, it still makes one post.
 */
export function publishNow(body: PublishNowBody, idempotencyKey: string): Promise<PostWithLimitWarnings> {
  return api('/posts/publish-now', { method: 'POST', body: { ...body, scheduled_at: null }, schema: PostWithLimitWarningsSchema, idempotencyKey });
}

/** Outcome toasts and the form reset are the caller's; like a create, posts and the usage meter refetch. */
export function usePublishNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: composeKeys.publishNow,
    mutationFn: ({ body, idempotencyKey }: { body: PublishNowBody; idempotencyKey: string }) => publishNow(body, idempotencyKey),
    onSuccess: (post) => afterSaved(queryClient, post),
  });
}
