import { AnalyticsQuerySchema } from '@shared/analytics';
import { getAnalytics } from '../../domain/analytics';
import { httpHandler, ok } from '../../domain/http-api';

/** GET /api/analytics?days=30|90|365[&client=id]: the Analytics page, what the plan includes of it. */
export const handler = httpHandler({ query: AnalyticsQuerySchema }, async ({ workspaceId, query }) => ok(await getAnalytics(workspaceId, query)));
