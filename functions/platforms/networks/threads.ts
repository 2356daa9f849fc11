import { defineServerNetwork } from './server-network';

export const threads = defineServerNetwork({
  id: 'threads',
  // The authorization window is on threads.net; the API on graph.threads.net (graph.threads.com answers too).
  hosts: { www: 'https://threads.net', graph: 'https://graph.threads.net' },
  // Accounts are always named by their handle.
  profileUrl: (www, _account, { handle }) => `${www}/@${handle}`,
  publishPermissions: ['threads_content_publish'],
  /** Media insights need threads_manage_insights (threads-metrics.ts): one post a call. */
  analyticsScopes: ['threads_manage_insights'],
  metricsBatch: 1,
  refreshable: false,
});
