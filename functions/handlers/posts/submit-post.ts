import { SubmitPostBodySchema } from '@shared/approvals';
import { IdParamsSchema, PostSchema } from '@shared/posts';
import { submitPost } from '../../domain/approvals';
import { httpHandler, ok } from '../../domain/http-api';

/** POST /api/posts/{id}/submit: a draft sent for approval, for the time it should go out (docs/approvals.md). */
export const handler = httpHandler({ params: IdParamsSchema, body: SubmitPostBodySchema }, async ({ workspaceId, userId, role, params, body }) =>
  ok(PostSchema.parse(await submitPost({ workspaceId, userId, role }, params.id, body))),
);
