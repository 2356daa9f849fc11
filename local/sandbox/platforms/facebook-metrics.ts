import { GRAPH_VERSION } from '../../../functions/platforms/hosts';
import type { SandboxContext } from '../context';
import type { PublishedPost } from '../publish-store';
import { json, type SandboxRequest, type SandboxResponse } from '../router';
import type { TokenRecord } from '../state';
import { pageWindow } from './facebook-publish';
import { graphNoObject, graphError, graphPermissionError, graphTokenError } from './graph';
import { countsNow, insightRow, metricNames, parseGraphFields } from './graph-metrics';

/**
 * Facebook Page post metrics (docs/platform-apis.md#facebook-metrics), read with the Page's token:
 *   GET /{page-post-id}/insights?metric=post_media_view,post_total_media_view_unique  (read_insights + pages_read_engagement)
 *     https://developers.facebook.com/docs/graph-api/reference/insights (post metrics; post_impressions* and
 *     post_engaged_users are deprecated for every version, the "media view" metrics replace them:
 *     https://developers.facebook.com/documentation/pages-api/platforminsights/page/deprecated-metrics)
 *   GET /{page-post-id}?fields=shares,reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0)
 *     (pages_read_engagement; https://developers.facebook.com/docs/graph-api/reference/object/reactions)
 * Both count against the Page's Business Use Case window, as publishing calls do.
 */

/** Post metrics Graph still serves, and the ones it refuses with "valid insights metric" since the 2025 deprecations. */
const POST_METRICS = ['post_media_view', 'post_total_media_view_unique', 'post_clicks', 'post_reactions_by_type_total', 'post_reactions_like_total'];

const TITLES: Record<string, string> = {
  post_media_view: 'Lifetime Media views',
  post_total_media_view_unique: 'Lifetime Media viewers',
};

/** Fields a Page post node has in the sandbox; any other is refused as Graph refuses a nonexisting field. */
const POST_NODE_FIELDS = ['id', 'message', 'created_time', 'permalink_url', 'status_type', 'shares', 'reactions', 'comments'];

const notFound = (id: string) => graphNoObject('get', id);

const published = (ctx: SandboxContext, id: string, pageId: string | undefined): PublishedPost | undefined =>
  ctx.state.publishing.posts.find((p) => p.platform === 'facebook' && p.id === id && p.accountId === pageId);

/**
 * GET /{page-post-id}?fields=… for a post the token's Page published (facebook.ts asks here first):
 * undefined when this is not such a read, else Graph's answer with the engagement counts.
 */
export function readFacebookPost(ctx: SandboxContext, req: SandboxRequest, token: TokenRecord, id: string): SandboxResponse | undefined {
  if (token.kind !== 'page') return undefined;
  const post = published(ctx, id, token.pageId);
  if (!post) return undefined;
  const fields = parseGraphFields(req.query.get('fields') ?? 'id,message,created_time');
  const unknown = fields.find((f) => !POST_NODE_FIELDS.includes(f.name));
  if (unknown) return graphError(400, `(#100) Tried accessing nonexisting field (${unknown.name}) on node type (PagePost)`, 100);
  const engagement = fields.some((f) => ['shares', 'reactions', 'comments'].includes(f.name));
  if (engagement && !token.scopes.includes('pages_read_engagement')) return graphPermissionError('pages_read_engagement');
  const window = pageWindow(ctx, post.accountId);
  if ('response' in window) return window.response;
  const c = countsNow(ctx, post);
  const all: Record<string, unknown> = {
    id: post.id,
    message: post.text || undefined,
    created_time: new Date(post.createdAt).toISOString().replace(/\.\d{3}Z$/, '+0000'),
    permalink_url: post.url,
    status_type: post.kind === 'text' ? 'mobile_status_update' : post.kind === 'video' ? 'added_video' : 'added_photos',
    // Graph leaves `shares` out of a post nobody has shared yet.
    shares: c.shares ? { count: c.shares } : undefined,
  };
  const edge = (total: number, summary: Record<string, unknown>, f: { modifiers: Readonly<Record<string, string>> }) => ({
    data: [],
    ...(f.modifiers.summary && f.modifiers.summary !== 'false' ? { summary: { total_count: total, ...summary } } : {}),
  });
  const out: Record<string, unknown> = { id: post.id };
  for (const f of fields) {
    if (f.name === 'reactions') out.reactions = edge(c.likes, { viewer_reaction: 'NONE' }, f);
    else if (f.name === 'comments') out.comments = edge(c.comments, { order: 'ranked', can_comment: true }, f);
    else if (all[f.name] !== undefined) out[f.name] = all[f.name];
  }
  return json(200, out, window.headers);
}

export function registerFacebookMetrics(ctx: SandboxContext): void {
  ctx.router.on('GET', 'facebook', 'graph', `/${GRAPH_VERSION}/:postId/insights`, (req) => {
    const check = ctx.state.check('facebook', req.bearer, ['access', 'page']);
    if (!check.ok) return graphTokenError(check);
    const id = req.params.postId!;
    if (check.record.kind !== 'page') return graphError(400, '(#190) This method must be called with a Page Access Token', 190);
    const post = published(ctx, id, check.record.pageId);
    if (!post) return notFound(id);
    for (const permission of ['read_insights', 'pages_read_engagement']) if (!check.record.scopes.includes(permission)) return graphPermissionError(permission);
    const metrics = metricNames(req.query.get('metric'));
    if (!metrics.length) {
      return graphError(400, 'No metric was specified to be fetched. Please specify one or more metrics to be fetched and try again.', 3001, {
        error_subcode: 1504028,
      });
    }
    const invalid = metrics.find((m) => !POST_METRICS.includes(m));
    if (invalid) return graphError(400, '(#100) The value must be a valid insights metric', 100);
    const window = pageWindow(ctx, post.accountId);
    if ('response' in window) return window.response;
    const c = countsNow(ctx, post);
    const values: Record<string, number | Record<string, number>> = {
      post_media_view: c.views,
      post_total_media_view_unique: c.reach,
      post_clicks: Math.floor(c.views / 30),
      post_reactions_like_total: c.likes - Math.floor(c.likes / 5),
      post_reactions_by_type_total: { like: c.likes - Math.floor(c.likes / 5), love: Math.floor(c.likes / 5) },
    };
    return json(200, { data: metrics.map((m) => insightRow(id, m, values[m], TITLES[m] ?? m, TITLES[m] ?? m)) }, window.headers);
  });
}
