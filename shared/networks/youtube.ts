import { defineNetwork, HOUR_MS } from './descriptor';

export const youtube = defineNetwork({
  id: 'youtube',
  label: 'YouTube',
  name: 'YouTube',
  captionLimit: 5000,
  captionCount: 'code-points',
  plan: 'pro',
  seriesColor: 'red.solid',
  /** `snippet.topLevelComment.snippet.textOriginal`: 10,000 characters (commentThreads.insert, "commentTextTooLong"); youtube.force-ssl. */
  firstComment: { limit: 10000, scopes: ['https://www.googleapis.com/auth/youtube.force-ssl'], shownAs: 'comment' },
  // videos.insert has its own bucket of 100 calls a day per project, reset at midnight Pacific.
  postingLimit: {
    cap: 100,
    window: 'pacific-day',
    windowMs: 24 * HOUR_MS,
    scope: 'project',
    source: 'https://developers.google.com/youtube/v3/determine_quota_cost',
  },
});
