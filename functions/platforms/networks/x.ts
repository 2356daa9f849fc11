import { defineServerNetwork } from './server-network';

export const x = defineServerNetwork({
  id: 'x',
  hosts: { www: 'https://x.com', api: 'https://api.x.com' },
  // Accounts are always named by their handle.
  profileUrl: (www, _account, { handle }) => `${www}/${handle}`,
  publishPermissions: ['tweet.write'],
  refreshable: true,
});
