import { defineServerNetwork } from './server-network';

export const tiktok = defineServerNetwork({
  id: 'tiktok',
  hosts: { www: 'https://www.tiktok.com', api: 'https://open.tiktokapis.com', upload: 'https://open-upload.tiktokapis.com' },
  // An account connected without the user.info.profile scope has only a display name, so it gets no
  // link rather than one to a stranger's page.
  profileUrl: (www, account, { handle }) => (account.account_name.startsWith('@') ? `${www}/@${handle}` : null),
  publishPermissions: ['video.publish'],
  /** Video query (tiktok-metrics.ts): at most 20 ids a call, scope video.list. */
  analyticsScopes: ['video.list'],
  metricsBatch: 20,
  refreshable: true,
});
