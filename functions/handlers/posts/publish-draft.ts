import { IdParamsSchema, PostSchema, PublishDraftBodySchema } from '@shared/posts';
import { publishDraft } from '../../domain/posts';
import { httpHandler, ok } from '../../domain/http-api';
import { assertSchedulesDirectly } from '../../domain/approvals';

/** POST /api/posts/{id}/publish: a draft published now, only as the version the user saw. */
export const handler = httpHandler({ params: IdParamsSchema, body: PublishDraftBodySchema }, async ({ workspaceId, userId, role, params, body }) => {
  await assertSchedulesDirectly({ workspaceId, userId, role });
  return ok(PostSchema.parse(await publishDraft(workspaceId, params.id, body)));
});
