import { IdParamsSchema } from '@shared/posts';
import { getPostAnalytics } from '../../domain/analytics';
import { httpHandler, ok } from '../../domain/http-api';

/** GET /api/analytics/posts/{id}: one post's metrics over time (Basic and up). */
export const handler = httpHandler({ params: IdParamsSchema }, async ({ workspaceId, params }) => ok(await getPostAnalytics(workspaceId, params.id)));
