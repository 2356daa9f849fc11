import * as z from 'zod';
import { GONE, graphMetricsGet, insightValues } from './graph-metrics';
import type { AdapterDeps } from './http';
import type { MetricsReader, MetricsResult } from './types';
import { instagram as instagramNetwork } from './networks/instagram';

/**
 * Instagram media insights (docs/platform-apis.md#instagram-metrics), one call per post:
 *   GET graph.instagram.com/{version}/{ig-media-id}/insights?metric=views,reach,likes,comments,shares,saved
 * Source: https://developers.facebook.com/docs/instagram-platform/reference/instagram-media/insights
 * (Instagram API with Instagram Login; needs instagram_business_basic + instagram_business_manage_insights).
 * `views` replaced impressions/plays for every version on April 21, 2025; every metric asked here is
 * reported for FEED (photos, carousels) and REELS, the two kinds we publish. The endpoint takes one media
 * id, and Graph batching still counts each call against the limit, so a read covers one post.
 */
export const INSTAGRAM_ANALYTICS_SCOPES = instagramNetwork.analyticsScopes;
export const INSTAGRAM_MEDIA_METRICS = ['views', 'reach', 'likes', 'comments', 'shares', 'saved'] as const;

const InsightsSchema = z.object({
  data: z.array(z.object({ name: z.string(), values: z.array(z.object({ value: z.unknown() })).optional() })),
});

export function createInstagramMetricsReader(deps: AdapterDeps<'instagram'>): MetricsReader {
  const get = graphMetricsGet(deps, 'instagram');
  return {
    metricsBatchSize: 1,
    analyticsScopes: INSTAGRAM_ANALYTICS_SCOPES,
    async readMetrics(tokens, { platformPostIds }) {
      const out: MetricsResult[] = [];
      for (const id of platformPostIds) {
        const r = await get(
          tokens,
          'read the post insights',
          `/${encodeURIComponent(id)}/insights`,
          { metric: INSTAGRAM_MEDIA_METRICS.join(',') },
          InsightsSchema,
        );
        if (r === GONE) {
          out.push({ platformPostId: id, status: 'gone' });
          continue;
        }
        // A metric Instagram has no data for yet is left out of `data` (not 0): it reads as null.
        const v = insightValues(r.data);
        const at = (name: string) => v.get(name) ?? null;
        out.push({
          platformPostId: id,
          status: 'ok',
          metrics: { views: at('views'), reach: at('reach'), likes: at('likes'), comments: at('comments'), shares: at('shares'), saves: at('saved') },
        });
      }
      return out;
    },
  };
}
