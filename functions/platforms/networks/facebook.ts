import { defineServerNetwork } from './server-network';

export const facebook = defineServerNetwork({
  id: 'facebook',
  hosts: { www: 'https://www.facebook.com', graph: 'https://graph.facebook.com' },
  // Pages by id: their names are not unique.
  profileUrl: (www, _account, { id }) => `${www}/${id}`,
  publishPermissions: ['pages_manage_posts'],
  /** Page post insights need read_insights and pages_read_engagement (facebook-metrics.ts). Graph batching would save round trips but not rate-limit calls, so one post a read. */
  analyticsScopes: ['read_insights', 'pages_read_engagement'],
  metricsBatch: 1,
  refreshable: false,
});
