import { APPROVAL_MSG } from '@shared/approvals';
import { PostWithLimitWarningsSchema } from '@shared/platform-limits';
import { CreatePostBodySchema } from '@shared/post-bodies';
import { afterPostWrite, approvalOf, assertSchedulesDirectly } from '../../domain/approvals';
import { withLimitWarnings } from '../../domain/platform-limits';
import { createPost } from '../../domain/posts';
import { createSeries } from '../../domain/recurrence';
import { httpHandler } from '../../domain/http-api';

/**
 * POST /api/posts: a draft, or a scheduled post when a time is given (docs/product-rules.md#scheduling-rules);
 * for someone whose posts need approval, a time makes it wait for approval instead (docs/approvals.md).
 * A platform limit the schedule would exceed is returned as `limit_warnings`, not refused.
 */
export const handler = httpHandler({ body: CreatePostBodySchema }, async ({ workspaceId, userId, role, body }) => {
  const actor = { workspaceId, userId, role };
  // With `repeat`, the first occurrence of a series (docs/recurring-posts.md); its later ones schedule themselves, so only for those who schedule directly.
  if (body.repeat) await assertSchedulesDirectly(actor, APPROVAL_MSG.repeatNeedsEditor);
  const post = body.repeat ? await createSeries(workspaceId, body) : await createPost(workspaceId, body, undefined, await approvalOf(actor));
  await afterPostWrite(actor, null, post);
  return { statusCode: 201, body: PostWithLimitWarningsSchema.parse(await withLimitWarnings(workspaceId, post)) };
});
