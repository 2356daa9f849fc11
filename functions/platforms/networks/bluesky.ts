import { defineServerNetwork } from './server-network';

export const bluesky = defineServerNetwork({
  id: 'bluesky',
  // `api`: where accounts sign in (bsky.social's entryway); each account's own PDS comes from its
  // DID document at publish time. `www`: the Bluesky app, where post links point.
  // `plc`: the did:plc directory the OAuth client resolves DIDs at (the local cloud runs its own).
  hosts: { api: 'https://bsky.social', www: 'https://bsky.app', plc: 'https://plc.directory' },
  profileUrl: (www, _account, { handle }) => `${www}/profile/${handle}`,
  // Every atproto OAuth grant has `atproto` (sessions made with an app password reported no scopes).
  publishPermissions: ['atproto'],
  /** Every connection's grant carries rpc:app.bsky.feed.getPosts (bluesky-oauth.ts BLUESKY_OAUTH_SCOPE): nothing more to ask. */
  analyticsScopes: [],
  metricsBatch: 25,
  refreshable: true,
});
