import { defineServerNetwork } from './server-network';

export const youtube = defineServerNetwork({
  id: 'youtube',
  hosts: {
    accounts: 'https://accounts.google.com',
    oauth2: 'https://oauth2.googleapis.com',
    api: 'https://www.googleapis.com',
    www: 'https://www.youtube.com',
  },
  // Channels by id: their names are not unique.
  profileUrl: (www, _account, { id }) => `${www}/channel/${id}`,
  publishPermissions: [
    'https://www.googleapis.com/auth/youtube.upload',
    'https://www.googleapis.com/auth/youtube',
    'https://www.googleapis.com/auth/youtube.force-ssl',
    'https://www.googleapis.com/auth/youtubepartner',
  ],
  /** videos.list statistics (youtube-metrics.ts): up to 50 ids a call. */
  analyticsScopes: ['https://www.googleapis.com/auth/youtube.readonly'],
  metricsBatch: 50,
  refreshable: true,
});
