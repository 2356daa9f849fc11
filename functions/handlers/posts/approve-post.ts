import { ApprovePostBodySchema } from '@shared/approvals';
import { IdParamsSchema, PostSchema } from '@shared/posts';
import { approvePost } from '../../domain/approvals';
import { httpHandler, ok } from '../../domain/http-api';

/** POST /api/posts/{id}/approve: a waiting post approved and scheduled, counted against the plan (docs/approvals.md). */
export const handler = httpHandler({ params: IdParamsSchema, body: ApprovePostBodySchema }, async ({ workspaceId, userId, role, params, body }) =>
  ok(PostSchema.parse(await approvePost({ workspaceId, userId, role }, params.id, body))),
);
