import { RequestChangesBodySchema } from '@shared/approvals';
import { IdParamsSchema, PostSchema } from '@shared/posts';
import { requestChanges } from '../../domain/approvals';
import { httpHandler, ok } from '../../domain/http-api';

/** POST /api/posts/{id}/request-changes: a waiting post sent back as a draft with a comment (docs/approvals.md). */
export const handler = httpHandler({ params: IdParamsSchema, body: RequestChangesBodySchema }, async ({ workspaceId, userId, role, params, body }) =>
  ok(PostSchema.parse(await requestChanges({ workspaceId, userId, role }, params.id, body))),
);
