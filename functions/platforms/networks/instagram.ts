import { defineServerNetwork } from './server-network';

export const instagram = defineServerNetwork({
  id: 'instagram',
  hosts: { www: 'https://www.instagram.com', api: 'https://api.instagram.com', graph: 'https://graph.instagram.com' },
  // Accounts are always named by their handle.
  profileUrl: (www, _account, { handle }) => `${www}/${handle}/`,
  publishPermissions: ['instagram_business_content_publish', 'instagram_content_publish'],
  /** Media insights (instagram-metrics.ts): one media id a call. */
  analyticsScopes: ['instagram_business_manage_insights'],
  metricsBatch: 1,
  refreshable: false,
});
