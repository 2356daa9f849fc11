import { defineNetwork, HOUR_MS } from './descriptor';

export const x = defineNetwork({
  id: 'x',
  label: 'X (Twitter)',
  name: 'X',
  captionLimit: 280,
  captionCount: 'x-weighted',
  plan: 'basic',
  // X's mark is black or white: the text colour (black on light, white on dark).
  seriesColor: 'fg',
  /** A reply is a post: 280 weighted characters (twitter-text), with tweet.write. */
  firstComment: { limit: 280, scopes: ['tweet.write'], shownAs: 'reply' },
  thread: true,
  // POST /2/tweets: 300 requests per 3 hours per user (and 200 per 15 min) per app.
  postingLimit: { cap: 300, window: 'rolling-3h', windowMs: 3 * HOUR_MS, scope: 'account', source: 'https://docs.x.com/x-api/fundamentals/rate-limits' },
});
