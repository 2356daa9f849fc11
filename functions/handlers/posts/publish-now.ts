import { PostWithLimitWarningsSchema } from '@shared/platform-limits';
import { PublishNowBodySchema } from '@shared/post-bodies';
import { withLimitWarnings } from '../../domain/platform-limits';
import { publishNow } from '../../domain/posts';
import { httpHandler } from '../../domain/http-api';
import { assertSchedulesDirectly } from '../../domain/approvals';

/**
 * POST /api/posts/publish-now: Compose's "Publish now". The post is created due now and
 * dispatched by this request; the platforms' outcomes arrive as notifications, as for any post.
 */
export const handler = httpHandler({ body: PublishNowBodySchema }, async ({ workspaceId, userId, role, body }) => {
  await assertSchedulesDirectly({ workspaceId, userId, role });
  const post = await publishNow(workspaceId, body, undefined, userId);
  return { statusCode: 201, body: PostWithLimitWarningsSchema.parse(await withLimitWarnings(workspaceId, post)) };
});
