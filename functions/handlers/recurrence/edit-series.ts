import { PostSchema } from '@shared/posts';
import { SeriesEditBodySchema, SeriesParamsSchema } from '@shared/recurrence';
import { httpHandler, ok } from '../../domain/http-api';
import { editSeries } from '../../domain/recurrence';

/** PATCH /api/series/{id}: edit one occurrence (`scope: 'this'`) or it and all following (docs/recurring-posts.md#editing). */
export const handler = httpHandler({ params: SeriesParamsSchema, body: SeriesEditBodySchema }, async ({ workspaceId, params, body }) =>
  ok(PostSchema.parse(await editSeries(workspaceId, params.id, body))),
);
