import * as z from 'zod';
import { callPlatform, withQuery, type AdapterDeps, type CallContext, type Classification, type FailedResponse } from './http';
import { batchMetricsReader, count } from './metrics-read';
import { classifyTikTokError, isTikTokErrorBody } from './tiktok';
import type { Fetch, MetricsReader } from './types';

/**
 * TikTok video counts (issue 15, docs/platform-apis.md#tiktok-metrics): Query Videos,
 * `POST /v2/video/query/?fields=id,view_count,like_count,comment_count,share_count` with
 * `{"filters":{"video_ids":[…]}}`, at most 20 ids, only the caller's own videos, scope `video.list`
 * (https://developers.tiktok.com/doc/tiktok-api-v2-video-query). 600 requests a minute per endpoint,
 * then 429 rate_limit_exceeded (https://developers.tiktok.com/doc/tiktok-api-v2-rate-limit).
 */
export const TIKTOK_METRICS_BATCH = 20;
export const TIKTOK_ANALYTICS_SCOPES = ['video.list'] as const;
export const TIKTOK_METRICS_FIELDS = ['id', 'view_count', 'like_count', 'comment_count', 'share_count'] as const;
/** The rate window is one sliding minute; TikTok sends no reset header. */
const RATE_WINDOW_SECONDS = 60;

const QuerySchema = z.object({
  data: z.object({
    videos: z
      .array(
        z.object({
          id: z.union([z.string(), z.number()]).transform(String),
          view_count: z.number().optional(),
          like_count: z.number().optional(),
          comment_count: z.number().optional(),
          share_count: z.number().optional(),
        }),
      )
      .optional(),
  }),
});

/** Video ids are int64s: if TikTok ever writes one unquoted, quote it before JSON.parse rounds it. */
function quoteVideoIds(fetchImpl: Fetch): Fetch {
  return async (input, init) => {
    const res = await fetchImpl(input, init);
    const text = await res.text();
    return new Response(text.replace(/("id"\s*:\s*)(\d{16,})/g, '$1"$2"'), { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

/**
 * As publishing, except: a token granted without video.list (401 scope_not_authorized) is "reconnect
 * to see analytics" (fix-input), not a dead connection; a 429 waits out the one-minute window.
 */
function classifyTikTokMetricsError(res: FailedResponse): Classification {
  const c = classifyTikTokError(res);
  if (c.code === 'scope_not_authorized') {
    return { ...c, category: 'fix-input', reason: 'the connection does not allow reading video counts; reconnect TikTok to see analytics' };
  }
  if (c.category === 'backoff' && c.retryAfterSeconds === undefined) return { ...c, retryAfterSeconds: RATE_WINDOW_SECONDS };
  return c;
}

export function createTikTokMetricsReader(deps: AdapterDeps<'tiktok'>): MetricsReader {
  const ctx: CallContext = { platform: 'tiktok', fetch: quoteVideoIds(deps.fetch), now: deps.now, classify: classifyTikTokMetricsError };
  return batchMetricsReader(TIKTOK_METRICS_BATCH, TIKTOK_ANALYTICS_SCOPES, async (tokens, ids) => {
    const r = await callPlatform(ctx, {
      what: 'read video counts',
      url: withQuery(`${deps.hosts.api}/v2/video/query/`, { fields: TIKTOK_METRICS_FIELDS.join(',') }),
      init: {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json; charset=UTF-8', accept: 'application/json' },
        body: JSON.stringify({ filters: { video_ids: ids } }),
      },
      schema: QuerySchema,
      secrets: [tokens.accessToken],
      isErrorBody: isTikTokErrorBody,
    });
    // TikTok reports no saves through this endpoint, and no reach.
    return new Map(
      (r.data.videos ?? []).map((v) => [
        v.id,
        { views: count(v.view_count), reach: null, likes: count(v.like_count), comments: count(v.comment_count), shares: count(v.share_count), saves: null },
      ]),
    );
  });
}
