import { defineServerNetwork } from './server-network';

export const linkedin = defineServerNetwork({
  id: 'linkedin',
  // Sign-in and post pages on www.linkedin.com; the APIs (/v2/userinfo, the versioned /rest/…) on api.linkedin.com.
  hosts: { www: 'https://www.linkedin.com', api: 'https://api.linkedin.com' },
  // Pages by id; a member's public address is a vanity name the sign-in does not give us.
  profileUrl: (www, account) =>
    account.account_id.startsWith('urn:li:organization:') ? `${www}/company/${encodeURIComponent(account.account_id.slice(20))}/` : null,
  publishPermissions: ['w_member_social', 'w_organization_social'],
  /** No counts are read yet (linkedin-metrics.ts says why), so nothing to ask. */
  analyticsScopes: [],
  metricsBatch: 20,
  refreshable: false,
});
