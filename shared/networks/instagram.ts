import { defineNetwork, HOUR_MS } from './descriptor';

export const instagram = defineNetwork({
  id: 'instagram',
  label: 'Instagram',
  name: 'Instagram',
  captionLimit: 2200,
  captionCount: 'code-points',
  plan: 'free',
  seriesColor: 'pink.solid',
  /** IG comments: 2,200 characters, like captions (developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-media/comments); Instagram Login's comment permission. */
  firstComment: { limit: 2200, scopes: ['instagram_business_manage_comments'], shownAs: 'comment' },
  // content_publishing_limit: quota_total "currently 50", quota_duration 86400 (moving 24 h window).
  // The live quota replaces this once the adapter reads it (functions/domain/platform-limits.ts).
  postingLimit: {
    cap: 50,
    window: 'rolling-24h',
    windowMs: 24 * HOUR_MS,
    scope: 'account',
    source: 'https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/content_publishing_limit',
  },
});
