import * as z from 'zod';
import { GONE, graphMetricsGet, insightValues } from './graph-metrics';
import type { AdapterDeps } from './http';
import type { MetricsReader, MetricsResult, TokenSet } from './types';
import { facebook as facebookNetwork } from './networks/facebook';

/**
 * Facebook Page post metrics (docs/platform-apis.md#facebook-metrics), with the Page token, per post:
 *   GET /{page-post-id}?fields=shares,reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0)
 *     (pages_read_engagement; https://developers.facebook.com/docs/graph-api/reference/object/reactions)
 *   GET /{page-post-id}/insights?metric=post_media_view,post_total_media_view_unique&period=lifetime
 *     (read_insights; https://developers.facebook.com/docs/graph-api/reference/insights — post_impressions and
 *     post_impressions_unique were deprecated for every version in 2025 and refuse with "invalid metric";
 *     the media-view metrics replace them:
 *     https://developers.facebook.com/documentation/pages-api/platforminsights/page/deprecated-metrics)
 * A video is published as a video id: its Page post is read through `GET /{video-id}?fields=post_id` first.
 * Graph batching would save round trips but not rate-limit calls (each batched call counts), so no batch.
 */
export const FACEBOOK_ANALYTICS_SCOPES = facebookNetwork.analyticsScopes;
export const FACEBOOK_POST_METRICS = ['post_media_view', 'post_total_media_view_unique'] as const;
const ENGAGEMENT_FIELDS = 'shares,reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0)';

const Summary = z.object({ summary: z.object({ total_count: z.number().int().nonnegative() }).optional() }).optional();
const PostSchema = z.object({ id: z.string(), shares: z.object({ count: z.number().int().nonnegative() }).optional(), reactions: Summary, comments: Summary });
const VideoSchema = z.object({ id: z.string(), post_id: z.string().optional() });
const InsightsSchema = z.object({
  data: z.array(z.object({ name: z.string(), values: z.array(z.object({ value: z.unknown() })).optional() })),
});

export function createFacebookMetricsReader(deps: AdapterDeps<'facebook'>): MetricsReader {
  const get = graphMetricsGet(deps, 'facebook');

  /** A Page post id is `{page-id}_{post-id}`; anything else we published is a video id. */
  const postIdOf = async (tokens: TokenSet, id: string): Promise<string | typeof GONE> => {
    if (id.includes('_')) return id;
    const video = await get(tokens, 'find the video post', `/${encodeURIComponent(id)}`, { fields: 'post_id' }, VideoSchema);
    return video === GONE ? GONE : (video.post_id ?? GONE);
  };

  const readOne = async (tokens: TokenSet, id: string): Promise<MetricsResult> => {
    const postId = await postIdOf(tokens, id);
    if (postId === GONE) return { platformPostId: id, status: 'gone' };
    const path = `/${encodeURIComponent(postId)}`;
    const post = await get(tokens, 'read the post reactions', path, { fields: ENGAGEMENT_FIELDS }, PostSchema);
    if (post === GONE) return { platformPostId: id, status: 'gone' };
    const insights = await get(
      tokens,
      'read the post insights',
      `${path}/insights`,
      { metric: FACEBOOK_POST_METRICS.join(','), period: 'lifetime' },
      InsightsSchema,
    );
    if (insights === GONE) return { platformPostId: id, status: 'gone' };
    const v = insightValues(insights.data);
    return {
      platformPostId: id,
      status: 'ok',
      metrics: {
        views: v.get('post_media_view') ?? null,
        reach: v.get('post_total_media_view_unique') ?? null,
        likes: post.reactions?.summary?.total_count ?? null,
        comments: post.comments?.summary?.total_count ?? null,
        // Graph leaves `shares` out until someone shares the post.
        shares: post.shares?.count ?? 0,
        saves: null,
      },
    };
  };

  return {
    metricsBatchSize: 1,
    analyticsScopes: FACEBOOK_ANALYTICS_SCOPES,
    async readMetrics(tokens, { platformPostIds }) {
      const out: MetricsResult[] = [];
      for (const id of platformPostIds) out.push(await readOne(tokens, id));
      return out;
    },
  };
}
