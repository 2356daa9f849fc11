import { PostWithLimitWarningsSchema } from '@shared/platform-limits';
import { CreatePostBodySchema } from '@shared/post-bodies';
import { withLimitWarnings } from '../../domain/platform-limits';
import { createPost } from '../../domain/posts';
import { createSeries } from '../../domain/recurrence';
import { httpHandler } from '../../domain/http-api';

/**
 * POST /api/posts: a draft, or a scheduled post when a time is given (docs/product-rules.md#scheduling-rules). A platform
 * limit the schedule would exceed is returned as `limit_warnings`, not refused.
 */
export const handler = httpHandler({ body: CreatePostBodySchema }, async ({ workspaceId, body }) => {
  // With `repeat`, the first occurrence of a series (docs/recurring-posts.md).
  const post = body.repeat ? await createSeries(workspaceId, body) : await createPost(workspaceId, body);
  return { statusCode: 201, body: PostWithLimitWarningsSchema.parse(await withLimitWarnings(workspaceId, post)) };
});
