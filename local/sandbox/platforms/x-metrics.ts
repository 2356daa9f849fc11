import { identity } from '../apps';
import type { SandboxContext } from '../context';
import { grownCounts } from '../metrics-growth';
import { hitWindow } from '../publish-store';
import { json, type SandboxRequest } from '../router';
import { X_ENDPOINT_SCOPES, X_QUERY_PARAMETERS, hasScopes, problemJson, refuseQuery } from './x-errors';

/**
 * X Post lookup for metrics (docs/platform-apis.md#x-metrics): `GET /2/tweets?ids=…` (1–100 ids) with
 * `post.fields=public_metrics`, in the generation of the pinned OpenAPI only (x-errors.ts: `tweet.fields`
 * is refused as the unknown parameter it is there). A post that is not there
 * comes back in `errors[]` as a resource-not-found problem; the rest in `data`
 * (https://docs.x.com/x-api/posts/lookup/introduction). Rate limit headers on every answer.
 */
const MAX_IDS = 100;
const LOOKUPS_PER_WINDOW = 900;
const WINDOW_SECONDS = 900;
/** The shape of a sandbox post's public_metrics `ageSeconds` after X received it. */
export function xPublicMetrics(id: string, ageSeconds: number) {
  const c = grownCounts(id, ageSeconds, {
    minViews: 400,
    rates: { like: [0.01, 0.05], reply: [0.001, 0.006], retweet: [0.002, 0.01], quote: [0, 0.002], bookmark: [0.001, 0.008] },
  });
  return {
    repost_count: c.retweet!,
    reply_count: c.reply!,
    like_count: c.like!,
    quote_count: c.quote!,
    bookmark_count: c.bookmark!,
    impression_count: c.views,
  };
}

const invalid = (headers: Record<string, string>, parameter: string, values: string[], message: string) =>
  problemJson(
    400,
    {
      errors: [{ parameters: { [parameter]: values }, message }],
      title: 'Invalid Request',
      detail: 'One or more parameters to your request was invalid.',
      type: 'https://api.twitter.com/2/problems/invalid-request',
    },
    headers,
  );

export function registerXMetrics(ctx: SandboxContext): void {
  ctx.router.on('GET', 'x', 'api', '/2/tweets', (req: SandboxRequest) => {
    const check = ctx.state.check('x', req.headers.authorization ? req.bearer : undefined);
    if (!check.ok) return problemJson(401, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' });
    if (!hasScopes(check.record.scopes, X_ENDPOINT_SCOPES.postLookup))
      return problemJson(403, { title: 'Forbidden', type: 'about:blank', status: 403, detail: 'Forbidden' });
    const userId = identity('x', check.record.identityId)?.id ?? check.record.identityId;
    const now = ctx.state.now();
    const window = hitWindow(ctx.state.publishing, `x:lookup:${userId}`, LOOKUPS_PER_WINDOW, WINDOW_SECONDS, now);
    const headers = {
      'x-rate-limit-limit': String(LOOKUPS_PER_WINDOW),
      'x-rate-limit-remaining': String(window.remaining),
      'x-rate-limit-reset': String(Math.ceil(window.resetAt / 1000)),
    };
    if (window.retryAfter !== undefined)
      return problemJson(429, { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 }, headers);

    const raw = req.query.get('ids');
    const ids = (raw ?? '').split(',').filter(Boolean);
    if (!ids.length || ids.length > MAX_IDS)
      return invalid(headers, 'ids', [raw ?? ''], `The number of values in the \`ids\` query parameter list [${ids.length}] is not between 1 and ${MAX_IDS}`);
    const bad = ids.find((id) => !/^\d{1,19}$/.test(id));
    if (bad) return invalid(headers, 'ids', [bad], `The \`ids\` query parameter value [${bad}] does not match ^[0-9]{1,19}$`);
    const refused = refuseQuery(req.query, X_QUERY_PARAMETERS.postLookup, headers);
    if (refused) return refused;
    const fields = (req.query.get('post.fields') ?? '').split(',').filter(Boolean);

    const posts = new Map(ctx.state.publishing.posts.filter((p) => p.platform === 'x').map((p) => [p.id, p]));
    const data = ids.flatMap((id) => {
      const post = posts.get(id);
      if (!post) return [];
      return [
        {
          id,
          text: post.text,
          edit_history_post_ids: [id],
          ...(fields.includes('created_at') ? { created_at: new Date(post.createdAt).toISOString() } : {}),
          ...(fields.includes('author_id') ? { author_id: post.accountId } : {}),
          ...(fields.includes('public_metrics') ? { public_metrics: xPublicMetrics(id, (now - post.createdAt) / 1000) } : {}),
        },
      ];
    });
    const errors = ids
      .filter((id) => !posts.has(id))
      .map((id) => ({
        value: id,
        detail: `Could not find tweet with ids: [${id}].`,
        title: 'Not Found Error',
        resource_type: 'tweet',
        parameter: 'ids',
        resource_id: id,
        type: 'https://api.twitter.com/2/problems/resource-not-found',
      }));
    return json(200, { ...(data.length ? { data } : {}), ...(errors.length ? { errors } : {}) }, headers);
  });
}
