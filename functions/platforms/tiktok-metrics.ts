import * as z from 'zod';
import { callPlatform, withQuery, type AdapterDeps, type CallContext, type Classification, type FailedResponse } from './http';
import { count } from './metrics-read';
import { classifyTikTokError, int64AsString, isTikTokErrorBody } from './tiktok';
import { PlatformError, type Fetch, type MetricsReader, type MetricsResult, type PostMetrics, type TokenSet } from './types';
import { tiktok as tiktokNetwork } from './networks/tiktok';

/**
 * TikTok video counts (docs/platform-apis.md#tiktok-metrics): Query Videos,
 * `POST /v2/video/query/?fields=id,view_count,like_count,comment_count,share_count` with
 * `{"filters":{"video_ids":[…]}}`, at most 20 ids, only the caller's own videos, scope `video.list`
 * (https://developers.tiktok.com/doc/tiktok-api-v2-video-query). 600 requests a minute per endpoint,
 * then 429 rate_limit_exceeded (https://developers.tiktok.com/doc/tiktok-api-v2-rate-limit).
 */
export const TIKTOK_METRICS_BATCH = tiktokNetwork.metricsBatch;
export const TIKTOK_ANALYTICS_SCOPES = tiktokNetwork.analyticsScopes;
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

/** A TikTok video id is an int64; anything else we stored is the publish_id of a post TikTok gave no id for yet. */
const isVideoId = (id: string) => /^\d+$/.test(id);

const StatusSchema = z.object({
  data: z.object({
    status: z.string(),
    publicaly_available_post_id: z.array(z.union([z.string(), z.number()]).transform(String)).optional(),
  }),
});

/** What status/fetch says of a post stored under its publish_id. */
type PublishOutcome = { kind: 'id'; videoId: string } | { kind: 'private' } | { kind: 'gone' } | { kind: 'pending' };

export function createTikTokMetricsReader(deps: AdapterDeps<'tiktok'>): MetricsReader {
  const ctx: CallContext = { platform: 'tiktok', fetch: quoteVideoIds(deps.fetch), now: deps.now, classify: classifyTikTokMetricsError };
  const statusCtx: CallContext = { ...ctx, fetch: int64AsString(deps.fetch) };
  const post = (tokens: TokenSet) => ({
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json; charset=UTF-8', accept: 'application/json' },
  });

  const queryVideos = async (tokens: TokenSet, ids: readonly string[]): Promise<Map<string, PostMetrics>> => {
    if (ids.length === 0) return new Map();
    const r = await callPlatform(ctx, {
      what: 'read video counts',
      url: withQuery(`${deps.hosts.api}/v2/video/query/`, { fields: TIKTOK_METRICS_FIELDS.join(',') }),
      init: { ...post(tokens), body: JSON.stringify({ filters: { video_ids: ids } }) },
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
  };

  /**
   * A post stored under its publish_id: a public post whose moderation outlasted our wait, an Only me
   * post, or an inbox draft. status/fetch gives the video id once moderation of a public post is over;
   * a private post or a draft never gets one (Get Post Status,
   * https://developers.tiktok.com/doc/content-posting-api-reference-get-video-status).
   */
  const outcome = async (tokens: TokenSet, publishId: string): Promise<PublishOutcome> => {
    const r = await callPlatform(statusCtx, {
      what: 'look up the post',
      url: `${deps.hosts.api}/v2/post/publish/status/fetch/`,
      init: { ...post(tokens), body: JSON.stringify({ publish_id: publishId }) },
      schema: StatusSchema,
      secrets: [tokens.accessToken],
      isErrorBody: isTikTokErrorBody,
    }).catch((error: unknown) => {
      // A publish_id TikTok no longer knows: nothing left to read.
      if (error instanceof PlatformError && error.details.code === 'invalid_publish_id') return null;
      throw error;
    });
    if (!r) return { kind: 'gone' };
    const videoId = r.data.publicaly_available_post_id?.[0];
    if (videoId) return { kind: 'id', videoId };
    if (r.data.status === 'SEND_TO_USER_INBOX') return { kind: 'private' };
    if (r.data.status === 'FAILED') return { kind: 'gone' };
    // Complete without an id: still in moderation, or private; the tracker was started only for posts
    // published to an audience, so this one is waiting for moderation: it is asked again later.
    return { kind: 'pending' };
  };

  return {
    metricsBatchSize: TIKTOK_METRICS_BATCH,
    analyticsScopes: TIKTOK_ANALYTICS_SCOPES,
    async readMetrics(tokens, { platformPostIds }) {
      const unique = [...new Set(platformPostIds)];
      const results: MetricsResult[] = [];
      for (let i = 0; i < unique.length; i += TIKTOK_METRICS_BATCH) {
        const batch = unique.slice(i, i + TIKTOK_METRICS_BATCH);
        const resolved = new Map<string, PublishOutcome>();
        for (const id of batch.filter((x) => !isVideoId(x))) resolved.set(id, await outcome(tokens, id));
        const videoOf = (id: string) => {
          const o = resolved.get(id);
          return o ? (o.kind === 'id' ? o.videoId : undefined) : id;
        };
        const found = await queryVideos(tokens, [...new Set(batch.map(videoOf).filter((v): v is string => v !== undefined))]);
        for (const id of batch) {
          const o = resolved.get(id);
          if (o?.kind === 'pending') continue;
          if (o?.kind === 'private') {
            results.push({ platformPostId: id, status: 'private' });
            continue;
          }
          const videoId = videoOf(id);
          const metrics = videoId ? found.get(videoId) : undefined;
          if (!metrics) results.push({ platformPostId: id, status: 'gone' });
          else results.push({ platformPostId: id, status: 'ok', metrics, ...(videoId !== id ? { postId: videoId } : {}) });
        }
      }
      return results;
    },
  };
}
