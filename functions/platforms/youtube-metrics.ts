import * as z from 'zod';
import { bearerGet, callPlatform, withQuery, type AdapterDeps, type CallContext, type Classification, type FailedResponse } from './http';
import { batchMetricsReader, count } from './metrics-read';
import type { MetricsReader } from './types';
import { classifyYouTubeError } from './youtube';
import { youtube as youtubeNetwork } from './networks/youtube';

/**
 * YouTube video statistics (docs/platform-apis.md#youtube-metrics): `videos.list` with
 * `part=statistics&id=…`, up to 50 ids a call, 1 quota unit a call whatever the number of ids
 * (https://developers.google.com/youtube/v3/docs/videos/list). A deleted or private-to-others video is
 * simply absent from `items`. Counts are strings; commentCount is absent when comments are off.
 */
export const YOUTUBE_METRICS_BATCH = youtubeNetwork.metricsBatch;
export const YOUTUBE_ANALYTICS_SCOPES = youtubeNetwork.analyticsScopes;

const StatisticsListSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        statistics: z.object({ viewCount: z.string().optional(), likeCount: z.string().optional(), commentCount: z.string().optional() }).optional(),
      }),
    )
    .optional(),
});

/** Midnight Pacific, when the project's daily quota comes back (docs/platform-apis.md#youtube-limits). */
export function secondsUntilPacificMidnight(now: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour12: false, hour: '2-digit', minute: '2-digit', second: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, number>>((acc, p) => (p.type === 'literal' ? acc : { ...acc, [p.type]: Number(p.value) }), {});
  const elapsed = ((parts.hour ?? 0) % 24) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0);
  return Math.max(1, 86400 - elapsed);
}

/**
 * As publishing, except: a grant without a read scope (403 insufficientPermissions) is "reconnect to
 * see analytics" (fix-input), and a spent daily quota waits for midnight Pacific instead of stopping.
 */
function classifyYouTubeMetricsError(res: FailedResponse): Classification {
  const c = classifyYouTubeError(res);
  if (c.code === 'insufficientPermissions' || c.code === 'ACCESS_TOKEN_SCOPE_INSUFFICIENT') {
    return { ...c, category: 'fix-input', reason: 'the connection does not allow reading video statistics; reconnect YouTube to see analytics' };
  }
  if (c.code === 'quotaExceeded') return { ...c, category: 'backoff', retryAfterSeconds: secondsUntilPacificMidnight(res.now) };
  return c;
}

export function createYouTubeMetricsReader(deps: AdapterDeps<'youtube'>): MetricsReader {
  const ctx: CallContext = { platform: 'youtube', fetch: deps.fetch, now: deps.now, classify: classifyYouTubeMetricsError };
  return batchMetricsReader(YOUTUBE_METRICS_BATCH, YOUTUBE_ANALYTICS_SCOPES, async (tokens, ids) => {
    const r = await callPlatform(ctx, {
      what: 'read video statistics',
      url: withQuery(`${deps.hosts.api}/youtube/v3/videos`, { part: 'statistics', id: ids.join(',') }),
      init: bearerGet(tokens.accessToken),
      schema: StatisticsListSchema,
      secrets: [tokens.accessToken],
    });
    return new Map(
      (r.items ?? []).map((v) => [
        v.id,
        {
          views: count(v.statistics?.viewCount),
          reach: null,
          likes: count(v.statistics?.likeCount),
          comments: count(v.statistics?.commentCount),
          shares: null,
          saves: null,
        },
      ]),
    );
  });
}
