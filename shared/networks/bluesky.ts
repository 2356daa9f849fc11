import { defineNetwork } from './descriptor';

export const bluesky = defineNetwork({
  id: 'bluesky',
  label: 'Bluesky',
  name: 'Bluesky',
  /** 300 graphemes, not UTF-16 units (shared/bluesky.ts also caps the text's bytes). */
  captionLimit: 300,
  captionCount: 'graphemes',
  plan: 'basic',
  // Bluesky's brand blue (its butterfly), distinct from Facebook's palette blue.
  seriesColor: '#1185FE',
  /**
   * A reply is a post: 300 graphemes (app.bsky.feed.post), a record in the account's own repository:
   * any session that can post can reply. Compose calls it a first comment.
   */
  firstComment: { limit: 300, scopes: [], shownAs: 'comment' },
});
