import { PostWithLimitWarningsSchema } from '@shared/platform-limits';
import { CreatePostBodySchema } from '@shared/posts';
import { withLimitWarnings } from '../../domain/platform-limits';
import { createPost } from '../../domain/posts';
import { httpHandler } from '../../domain/http-api';

/**
 * POST /api/posts: a draft, or a scheduled post when a time is given (docs/product-rules.md#scheduling-rules, issue 4). A platform
 * limit the schedule would exceed is returned as `limit_warnings`, not refused (issue 12).
 */
export const handler = httpHandler({ body: CreatePostBodySchema }, async ({ userId, body }) => {
  const post = await createPost(userId, body);
  return { statusCode: 201, body: PostWithLimitWarningsSchema.parse(await withLimitWarnings(userId, post)) };
});
