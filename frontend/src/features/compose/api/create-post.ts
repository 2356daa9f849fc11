import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PostWithLimitWarningsSchema, type PostWithLimitWarnings } from '@shared/platform-limits';
import type { CreatePostBody } from '@shared/post-bodies';
import { toaster } from '@/components/ui/toaster';
import { api, newIdempotencyKey } from '@/lib/api-client';
import { composeKeys } from './query-keys';

/**
 * POST /api/posts: a scheduled post when `scheduled_at` is set, otherwise a draft (docs/product-rules.md#scheduling-rules).
 * One idempotency key per submit (docs/idempotency.md), unless the caller holds one for its intent.
 */
export function createPost(body: CreatePostBody, idempotencyKey: string = newIdempotencyKey()): Promise<PostWithLimitWarnings> {
  return api('/posts', { method: 'POST', body, schema: PostWithLimitWarningsSchema, idempotencyKey });
}

/** Outcome toasts and the form reset are the caller's; a platform-limit warning the API returns is shown here; lists of posts and the usage meter refetch here. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: composeKeys.createPost,
    mutationFn: (body: CreatePostBody) => createPost(body),
    onSuccess: (post) => afterSaved(queryClient, post),
  });
}

/** After a post is saved from Compose (created or published now): the API's limit warnings, then posts and usage refetch. */
export function afterSaved(queryClient: QueryClient, post: PostWithLimitWarnings) {
  // Compose asks before saving over a platform's cap; should that check have failed, the API still says so.
  for (const warning of post.limit_warnings ?? []) toaster.warning({ title: 'Over a platform limit', description: warning.message });
  return Promise.all([queryClient.invalidateQueries({ queryKey: composeKeys.posts }), queryClient.invalidateQueries({ queryKey: composeKeys.usage })]);
}
