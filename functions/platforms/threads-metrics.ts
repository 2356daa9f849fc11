import * as z from 'zod';
import { GRAPH_METRICS_BACKOFF_SECONDS, insightValues } from './graph-metrics';
import { THREADS_VERSION } from './hosts';
import { callPlatform, classifyGraphError, jsonGet, withQuery, type AdapterDeps, type CallContext, type FailedResponse } from './http';
import { PlatformError, type MetricsReader, type MetricsResult } from './types';
import { threads as threadsNetwork } from './networks/threads';

/**
 * Threads media insights, one call per post:
 *   GET graph.threads.net/{THREADS_VERSION}/{threads-media-id}/insights?metric=views,likes,replies,reposts,quotes
 * Source: https://developers.facebook.com/documentation/threads/insights (needs threads_basic +
 * threads_manage_insights). Replies count the whole conversation under a root post; `views` is marked
 * "in development" by Meta. Threads has no reach or saves: those read as null.
 */
export const THREADS_ANALYTICS_SCOPES = threadsNetwork.analyticsScopes;
export const THREADS_MEDIA_METRICS = ['views', 'likes', 'replies', 'reposts', 'quotes'] as const;

const InsightsSchema = z.object({
  data: z.array(z.object({ name: z.string(), values: z.array(z.object({ value: z.unknown() })).optional() })),
});

export function createThreadsMetricsReader(deps: AdapterDeps<'threads'>): MetricsReader {
  const classify = (res: FailedResponse) => {
    const c = classifyGraphError(res, 'Threads');
    const code = typeof c.code === 'string' ? Number(c.code.split('/')[0]) : c.code;
    if (code === 10 || (code !== undefined && code >= 200 && code <= 299))
      return { ...c, category: 'fix-input' as const, reason: 'the connection lacks the analytics permission; reconnect Threads to see analytics' };
    if (c.category === 'backoff') return { ...c, retryAfterSeconds: c.retryAfterSeconds ?? GRAPH_METRICS_BACKOFF_SECONDS };
    return c;
  };
  const ctx: CallContext = { platform: 'threads', fetch: deps.fetch, now: deps.now, classify };
  const graph = `${deps.hosts.graph}/${THREADS_VERSION}`;
  return {
    metricsBatchSize: 1,
    analyticsScopes: THREADS_ANALYTICS_SCOPES,
    async readMetrics(tokens, { platformPostIds }) {
      const out: MetricsResult[] = [];
      for (const id of platformPostIds) {
        let rows: z.infer<typeof InsightsSchema>;
        try {
          rows = await callPlatform(ctx, {
            what: 'read the post insights',
            url: withQuery(`${graph}/${encodeURIComponent(id)}/insights`, { metric: THREADS_MEDIA_METRICS.join(','), access_token: tokens.accessToken }),
            init: jsonGet,
            schema: InsightsSchema,
            secrets: [tokens.accessToken],
          });
        } catch (error) {
          // #100 subcode 33: the post no longer exists (or is no longer this token's to read).
          if (error instanceof PlatformError && error.details.code === '100/33') {
            out.push({ platformPostId: id, status: 'gone' });
            continue;
          }
          throw error;
        }
        const v = insightValues(rows.data);
        const at = (name: string) => v.get(name) ?? null;
        const reposts = at('reposts');
        const quotes = at('quotes');
        out.push({
          platformPostId: id,
          status: 'ok',
          // Reposts and quotes are both shares of the post in our terms.
          metrics: {
            views: at('views'),
            reach: null,
            likes: at('likes'),
            comments: at('replies'),
            shares: reposts === null && quotes === null ? null : (reposts ?? 0) + (quotes ?? 0),
            saves: null,
          },
        });
      }
      return out;
    },
  };
}
