import { defineNetwork, HOUR_MS } from './descriptor';

/** TikTok takes no comments through the API. */
export const tiktok = defineNetwork({
  id: 'tiktok',
  label: 'TikTok',
  name: 'TikTok',
  captionLimit: 2200,
  captionCount: 'code-points',
  plan: 'pro',
  seriesColor: 'teal.solid',
  // Content Sharing Guidelines: "a limit on the number of posts ... to a creator account in a
  // 24-hour window via Direct Post API ... typically around 15 posts per day"; the API answers
  // spam_risk_too_many_posts when it is reached.
  postingLimit: {
    cap: 15,
    window: 'rolling-24h',
    windowMs: 24 * HOUR_MS,
    scope: 'account',
    source: 'https://developers.tiktok.com/doc/content-sharing-guidelines',
  },
});
