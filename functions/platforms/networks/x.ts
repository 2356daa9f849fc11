import { defineServerNetwork } from './server-network';

export const x = defineServerNetwork({
  id: 'x',
  hosts: { www: 'https://x.com', api: 'https://api.x.com' },
  // Accounts are always named by their handle.
  profileUrl: (www, _account, { handle }) => `${www}/${handle}`,
  publishPermissions: ['tweet.write'],
  /** Post lookup with a user token needs tweet.read and users.read (both already in X_SCOPES); up to 100 ids a call. */
  analyticsScopes: ['tweet.read', 'users.read'],
  metricsBatch: 100,
  refreshable: true,
});
