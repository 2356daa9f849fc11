import * as z from 'zod';
import { bearerGet, callPlatform, withQuery, type AdapterDeps, type CallContext, type Classification, type FailedResponse } from './http';
import { batchMetricsReader, count } from './metrics-read';
import type { MetricsReader, PostMetrics } from './types';
import { classifyXError, X_API_SPEC } from './x';
import { x as xNetwork } from './networks/x';

/**
 * X post metrics (docs/platform-apis.md#x-metrics): Post lookup by ids,
 * `GET /2/tweets?ids=…&post.fields=public_metrics`, up to 100 ids a request, in the generation of the
 * OpenAPI we follow (X_API_SPEC in x.ts: the field parameter `post.fields`, reposts as `repost_count`)
 * (https://docs.x.com/x-api/posts/lookup/introduction). A deleted post comes back in `errors[]` with
 * type …/resource-not-found and no `data` entry. Billed per post returned ("Posts: Read",
 * https://docs.x.com/x-api/getting-started/pricing), so each post is read once per collection.
 */
export const X_METRICS_BATCH = xNetwork.metricsBatch;
/** Post lookup with a user token needs tweet.read and users.read (both already in X_SCOPES). */
export const X_ANALYTICS_SCOPES = xNetwork.analyticsScopes;

const PublicMetricsSchema = z.object({
  impression_count: z.number().optional(),
  like_count: z.number().optional(),
  reply_count: z.number().optional(),
  repost_count: z.number().optional(),
  quote_count: z.number().optional(),
  bookmark_count: z.number().optional(),
});
const LookupSchema = z.object({
  data: z.array(z.object({ id: z.string(), public_metrics: PublicMetricsSchema.optional() })).optional(),
  errors: z.array(z.object({ resource_id: z.string().optional(), value: z.string().optional(), type: z.string().optional() })).optional(),
});

/** Views are impressions; shares are reposts plus quotes; saves are bookmarks. X reports no reach. */
export function xPostMetrics(m: z.infer<typeof PublicMetricsSchema>): PostMetrics {
  const reposts = count(m.repost_count);
  const quotes = count(m.quote_count);
  return {
    views: count(m.impression_count),
    reach: null,
    likes: count(m.like_count),
    comments: count(m.reply_count),
    shares: reposts === null && quotes === null ? null : (reposts ?? 0) + (quotes ?? 0),
    saves: count(m.bookmark_count),
  };
}

/**
 * Publishing reads every 403 as "X does not allow this" (stop). On a lookup, a 403 is a token granted
 * without the read scopes ("Reconnect to see analytics"), unless X says the app itself is not allowed.
 */
function classifyXMetricsError(res: FailedResponse): Classification {
  const c = classifyXError(res);
  const type = (res.body as { type?: unknown } | undefined)?.type;
  if (res.status === 403 && !(typeof type === 'string' && /client-forbidden/.test(type))) {
    return { ...c, category: 'fix-input', reason: 'the connection does not allow reading post metrics; reconnect X to see analytics' };
  }
  return c;
}

export function createXMetricsReader(deps: AdapterDeps<'x'>): MetricsReader {
  const ctx: CallContext = { platform: 'x', fetch: deps.fetch, now: deps.now, classify: classifyXMetricsError };
  return batchMetricsReader(X_METRICS_BATCH, X_ANALYTICS_SCOPES, async (tokens, ids) => {
    const r = await callPlatform(ctx, {
      what: 'read post metrics',
      url: withQuery(`${deps.hosts.api}/2/tweets`, { ids: ids.join(','), [X_API_SPEC.postFields]: 'public_metrics' }),
      init: bearerGet(tokens.accessToken),
      schema: LookupSchema,
      secrets: [tokens.accessToken],
    });
    return new Map((r.data ?? []).map((t) => [t.id, xPostMetrics(t.public_metrics ?? {})]));
  });
}
