import { PostSchema } from '@shared/posts';
import { SeriesEditBodySchema, SeriesParamsSchema } from '@shared/recurrence';
import { assertSchedulesDirectly } from '../../domain/approvals';
import { httpHandler, ok } from '../../domain/http-api';
import { editSeries } from '../../domain/recurrence';

/**
 * PATCH /api/series/{id}: edit one occurrence (`scope: 'this'`) or it and all following (docs/recurring-posts.md#editing).
 * Every occurrence is scheduled, so only someone who schedules directly may change them (docs/approvals.md).
 */
export const handler = httpHandler({ params: SeriesParamsSchema, body: SeriesEditBodySchema }, async ({ workspaceId, userId, role, params, body }) => {
  await assertSchedulesDirectly({ workspaceId, userId, role });
  return ok(PostSchema.parse(await editSeries(workspaceId, params.id, body)));
});
