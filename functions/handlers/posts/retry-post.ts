import { IdParamsSchema, PostSchema, RetryPostBodySchema } from '@shared/posts';
import { retryPost } from '../../domain/posts';
import { httpHandler, ok } from '../../domain/http-api';
import { assertSchedulesDirectly } from '../../domain/approvals';

/** POST /api/posts/{id}/retry: publish a failed post's failed platforms again, now or at a later time. */
export const handler = httpHandler({ params: IdParamsSchema, body: RetryPostBodySchema }, async ({ workspaceId, userId, role, params, body }) => {
  await assertSchedulesDirectly({ workspaceId, userId, role });
  return ok(PostSchema.parse(await retryPost(workspaceId, params.id, body)));
});
