import * as z from 'zod';
import { bearerGet, callPlatform, withQuery, type AdapterDeps, type CallContext, type FailedResponse } from './http';
import { classifyPinterestError } from './pinterest';
import { PlatformError, type MetricsReader, type MetricsResult } from './types';
import { pinterest as pinterestNetwork } from './networks/pinterest';

/**
 * Pin analytics, one call per pin:
 *   GET api.pinterest.com/v5/pins/{pin_id}/analytics?start_date&end_date&metric_types=IMPRESSION,SAVE,PIN_CLICK,OUTBOUND_CLICK
 * (pins:read; developers.pinterest.com/docs/api/v5/pins-analytics). The answer is keyed by app type
 * ("all"), with per-day rows and a summary over the range; the range reaches back at most 90 days.
 * Impressions are our views and saves our saves; Pinterest has no likes, comments or shares for a
 * pin here, and its clicks (PIN_CLICK, OUTBOUND_CLICK) have no column in our metrics (docs/analytics.md).
 */
export const PINTEREST_ANALYTICS_SCOPES = pinterestNetwork.analyticsScopes;
export const PINTEREST_PIN_METRICS = ['IMPRESSION', 'SAVE', 'PIN_CLICK', 'OUTBOUND_CLICK'] as const;
const MAX_RANGE_DAYS = 90;

const Counts = z.record(z.string(), z.number().nullable().optional());
const AnalyticsSchema = z.record(
  z.string(),
  z.object({
    summary_metrics: Counts.optional(),
    daily_metrics: z.array(z.object({ date: z.string().optional(), metrics: Counts.optional() })).optional(),
  }),
);

const day = (d: Date) => d.toISOString().slice(0, 10);

export function createPinterestMetricsReader(deps: AdapterDeps<'pinterest'>): MetricsReader {
  const classify = (res: FailedResponse) => {
    const c = classifyPinterestError(res);
    // A grant without pins:read is refused with 403: the connection needs the scope, not the post a fix.
    if (c.category === 'reauth' && res.status === 403)
      return { ...c, category: 'fix-input' as const, reason: 'the connection lacks the analytics permission; reconnect Pinterest to see analytics' };
    return c;
  };
  const ctx: CallContext = { platform: 'pinterest', fetch: deps.fetch, now: deps.now, classify };
  return {
    metricsBatchSize: 1,
    analyticsScopes: PINTEREST_ANALYTICS_SCOPES,
    async readMetrics(tokens, { platformPostIds }) {
      const out: MetricsResult[] = [];
      const end = deps.now();
      const start = new Date(end.getTime() - (MAX_RANGE_DAYS - 1) * 86400_000);
      for (const id of platformPostIds) {
        let r: z.infer<typeof AnalyticsSchema>;
        try {
          r = await callPlatform(ctx, {
            what: 'read the pin analytics',
            url: withQuery(`${deps.hosts.api}/v5/pins/${encodeURIComponent(id)}/analytics`, {
              start_date: day(start),
              end_date: day(end),
              metric_types: PINTEREST_PIN_METRICS.join(','),
              app_types: 'ALL',
            }),
            init: bearerGet(tokens.accessToken),
            schema: AnalyticsSchema,
            secrets: [tokens.accessToken],
          });
        } catch (error) {
          if (error instanceof PlatformError && error.details.status === 404) {
            out.push({ platformPostId: id, status: 'gone' });
            continue;
          }
          throw error;
        }
        const all = r.all ?? Object.values(r)[0];
        const total = (name: string): number | null => {
          const summary = all?.summary_metrics?.[name];
          if (typeof summary === 'number') return Math.max(0, Math.round(summary));
          const days = (all?.daily_metrics ?? []).map((d) => d.metrics?.[name]).filter((v): v is number => typeof v === 'number');
          return days.length ? Math.max(0, Math.round(days.reduce((a, b) => a + b, 0))) : null;
        };
        out.push({
          platformPostId: id,
          status: 'ok',
          metrics: { views: total('IMPRESSION'), reach: null, likes: null, comments: null, shares: null, saves: total('SAVE') },
        });
      }
      return out;
    },
  };
}
