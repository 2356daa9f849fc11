import { SeriesDeleteQuerySchema, SeriesParamsSchema } from '@shared/recurrence';
import { httpHandler, noContent } from '../../domain/http-api';
import { deleteFromSeries } from '../../domain/recurrence';

/** DELETE /api/series/{id}?scope=this|following&post_id=: one occurrence, or it and all following (docs/recurring-posts.md#deleting). */
export const handler = httpHandler({ params: SeriesParamsSchema, query: SeriesDeleteQuerySchema }, async ({ workspaceId, params, query }) => {
  await deleteFromSeries(workspaceId, params.id, query);
  return noContent();
});
