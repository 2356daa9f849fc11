import { defineNetwork, HOUR_MS } from './descriptor';

export const threads = defineNetwork({
  id: 'threads',
  label: 'Threads',
  name: 'Threads',
  /** Threads posts: 500 characters (developers.facebook.com/documentation/threads/posts, Limitations). */
  captionLimit: 500,
  captionCount: 'code-points',
  plan: 'basic',
  // Threads' mark is black on white: the text colour, as X.
  seriesColor: 'fg',
  /** A reply is a Threads post: 500 characters (developers.facebook.com/documentation/threads/posts). */
  firstComment: { limit: 500, scopes: ['threads_manage_replies', 'threads_read_replies'], shownAs: 'reply' },
  /** Replies are posts of their own (reply_to_id). */
  thread: true,
  // 250 API-published posts per profile in a moving 24 h, enforced at threads_publish; the live
  // threads_publishing_limit (config.quota_total) replaces this once the adapter reads it.
  postingLimit: {
    cap: 250,
    window: 'rolling-24h',
    windowMs: 24 * HOUR_MS,
    scope: 'account',
    source: 'https://developers.facebook.com/documentation/threads/overview',
  },
});
