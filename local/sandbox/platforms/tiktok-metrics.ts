import type { SandboxContext } from '../context';
import { grownCounts } from '../metrics-growth';
import { hitWindow } from '../publish-store';
import { json } from '../router';
import { logId } from '../state';

/**
 * TikTok Query Videos (docs/platform-apis.md#tiktok-metrics): `POST /v2/video/query/?fields=…` with
 * `{"filters":{"video_ids":[…]}}`, 1–20 ids, scope video.list; only the caller's own public videos come
 * back (video.list reads "a user's public TikTok videos"), any other id, an Only me post's or a draft's
 * included, is left out (https://developers.tiktok.com/doc/tiktok-api-v2-video-query). 600 requests
 * a minute, then 429 rate_limit_exceeded (https://developers.tiktok.com/doc/tiktok-api-v2-rate-limit).
 */
const MAX_IDS = 20;
const QUERIES_PER_MINUTE = 600;
/** The Video Object's fields (TikTok Display API reference). */
const VIDEO_FIELDS = [
  'id',
  'create_time',
  'cover_image_url',
  'share_url',
  'video_description',
  'duration',
  'height',
  'width',
  'title',
  'embed_html',
  'embed_link',
  'like_count',
  'comment_count',
  'share_count',
  'view_count',
];

const fail = (status: number, code: string, message: string) => json(status, { data: {}, error: { code, message, log_id: logId() } });

/** A sandbox video's counts `ageSeconds` after it went out. */
export function tiktokCounts(id: string, ageSeconds: number) {
  const c = grownCounts(id, ageSeconds, { minViews: 800, rates: { like: [0.03, 0.1], comment: [0.001, 0.008], share: [0.001, 0.006] } });
  return { view_count: c.views, like_count: c.like!, comment_count: c.comment!, share_count: c.share! };
}

export function registerTikTokMetrics(ctx: SandboxContext): void {
  ctx.router.on('POST', 'tiktok', 'api', '/v2/video/query/', (req) => {
    const check = ctx.state.check('tiktok', req.headers.authorization ? req.bearer : undefined);
    if (!check.ok) return fail(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
    if (!check.record.scopes.includes('video.list'))
      return fail(401, 'scope_not_authorized', 'The user did not authorize the scope required for completing this request: video.list.');
    const window = hitWindow(ctx.state.publishing, `tiktok:video.query:${check.record.token}`, QUERIES_PER_MINUTE, 60, ctx.state.now());
    if (window.retryAfter !== undefined) return fail(429, 'rate_limit_exceeded', 'The API rate limit was exceeded. Please try again later.');

    const fields = (req.query.get('fields') ?? '').split(',').filter(Boolean);
    if (!fields.length) return fail(400, 'invalid_params', 'The fields parameter is required.');
    const unknown = fields.find((f) => !VIDEO_FIELDS.includes(f));
    if (unknown) return fail(400, 'invalid_params', `Invalid field: ${unknown}.`);
    const ids = ((req.json ?? {}) as { filters?: { video_ids?: unknown } }).filters?.video_ids;
    if (!Array.isArray(ids) || !ids.length || !ids.every((id) => typeof id === 'string'))
      return fail(400, 'invalid_params', 'filters.video_ids must be a list of video ids.');
    if (ids.length > MAX_IDS) return fail(400, 'invalid_params', `The number of video_ids must not exceed ${MAX_IDS}.`);

    const now = ctx.state.now();
    const own = new Map(
      ctx.state.publishing.posts
        .filter((p) => p.platform === 'tiktok' && p.accountId === check.record.identityId && p.visibility === 'public')
        .map((p) => [p.id, p]),
    );
    const videos = (ids as string[]).flatMap((id) => {
      const post = own.get(id);
      if (!post) return [];
      const all: Record<string, unknown> = {
        id,
        create_time: Math.floor(post.createdAt / 1000),
        share_url: post.url,
        video_description: post.text,
        title: post.text,
        embed_link: post.url,
        ...tiktokCounts(id, (now - post.createdAt) / 1000),
      };
      return [Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]]))];
    });
    return json(200, { data: { videos }, error: { code: 'ok', message: '', log_id: logId() } });
  });
}
