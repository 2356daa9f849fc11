import { blueskyAgent, classifyBlueskyError, classifyOAuthError } from './bluesky';
import type { AdapterDeps } from './http';
import { scrub } from './http';
import { batchMetricsReader, count } from './metrics-read';
import { PlatformError, type MetricsReader, type PostMetrics } from './types';
import { bluesky as blueskyNetwork } from './networks/bluesky';

/**
 * Bluesky post metrics: app.bsky.feed.getPosts, up to 25 AT-URIs a call (the lexicon's maxLength),
 * through the account's PDS, which forwards app.bsky reads to Bluesky's app view. The
 * counts are the app view's: likes, replies, reposts plus quotes, bookmarks. Bluesky reports no
 * views or reach. A post the app view no longer has is simply missing from the answer (gone).
 *
 * The local PDS runs without an app view (local/bluesky), so locally this read fails and analytics
 * stay empty for Bluesky (docs/bluesky.md#analytics).
 */
export const BLUESKY_METRICS_BATCH = blueskyNetwork.metricsBatch;
/** Every connection's grant carries rpc:app.bsky.feed.getPosts (bluesky-oauth.ts BLUESKY_OAUTH_SCOPE): nothing more to ask. */
export const BLUESKY_ANALYTICS_SCOPES = blueskyNetwork.analyticsScopes;

export function blueskyPostMetrics(p: {
  likeCount?: number;
  replyCount?: number;
  repostCount?: number;
  quoteCount?: number;
  bookmarkCount?: number;
}): PostMetrics {
  const reposts = count(p.repostCount);
  const quotes = count(p.quoteCount);
  return {
    views: null,
    reach: null,
    likes: count(p.likeCount),
    comments: count(p.replyCount),
    shares: reposts === null && quotes === null ? null : (reposts ?? 0) + (quotes ?? 0),
    saves: count(p.bookmarkCount),
  };
}

export function createBlueskyMetricsReader(deps: AdapterDeps<'bluesky'>): MetricsReader {
  return batchMetricsReader(BLUESKY_METRICS_BATCH, BLUESKY_ANALYTICS_SCOPES, async (tokens, uris) => {
    try {
      // Through the account's PDS, which forwards app.bsky reads to Bluesky's app view (the grant's rpc: scope).
      const { agent } = await blueskyAgent(deps, tokens);
      const r = await agent.app.bsky.feed.getPosts({ uris: [...uris] });
      return new Map(r.data.posts.map((p) => [p.uri, blueskyPostMetrics(p)]));
    } catch (error) {
      const oauthFailure = await classifyOAuthError(error);
      if (oauthFailure) throw oauthFailure;
      const c = classifyBlueskyError(error, deps.now());
      const said = c.platformMessage ? ` Bluesky said: "${scrub(c.platformMessage, [tokens.accessToken])}"` : '';
      throw new PlatformError('bluesky', c.category, `Bluesky refused to read post metrics: ${c.reason}.${said}`, {
        ...(c.status !== undefined ? { status: c.status } : {}),
        ...(c.code !== undefined ? { code: c.code } : {}),
        ...(c.retryAfterSeconds !== undefined ? { retryAfterSeconds: c.retryAfterSeconds } : {}),
      });
    }
  });
}
