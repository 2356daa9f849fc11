import { SeriesParamsSchema, SeriesViewSchema } from '@shared/recurrence';
import { httpHandler, ok } from '../../domain/http-api';
import { getSeriesView } from '../../domain/recurrence';

/** GET /api/series/{id}: a recurring post's rule, summary, state (paused, missed) and upcoming occurrences (docs/recurring-posts.md). */
export const handler = httpHandler({ params: SeriesParamsSchema }, async ({ workspaceId, params }) =>
  ok(SeriesViewSchema.parse(await getSeriesView(workspaceId, params.id))),
);
