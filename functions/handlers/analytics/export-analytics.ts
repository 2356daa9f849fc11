import { AnalyticsQuerySchema } from '@shared/analytics';
import { exportAnalytics } from '../../domain/analytics';
import { attachment, httpHandler } from '../../domain/http-api';

/** GET /api/analytics/export?days=…: the period per day and platform, as a CSV download (Basic and up). */
export const handler = httpHandler({ query: AnalyticsQuerySchema }, async ({ workspaceId, query }) => {
  const { fileName, csv } = await exportAnalytics(workspaceId, query);
  return attachment(fileName, 'text/csv; charset=utf-8', csv);
});
