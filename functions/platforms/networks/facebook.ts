import { defineServerNetwork } from './server-network';

export const facebook = defineServerNetwork({
  id: 'facebook',
  hosts: { www: 'https://www.facebook.com', graph: 'https://graph.facebook.com' },
  // Pages by id: their names are not unique.
  profileUrl: (www, _account, { id }) => `${www}/${id}`,
  publishPermissions: ['pages_manage_posts'],
  refreshable: false,
});
