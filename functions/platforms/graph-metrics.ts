import type * as z from 'zod';
import { GRAPH_VERSION } from './hosts';
import { callPlatform, classifyGraphError, jsonGet, withQuery, type AdapterDeps, type CallContext, type Classification, type FailedResponse } from './http';
import { PlatformError, type TokenSet } from './types';

/**
 * What Facebook's and Instagram's metrics readers share (docs/platform-apis.md#instagram-metrics,
 * #facebook-metrics): Graph GETs on the account's token, classified as publishing classifies them except
 * that a missing permission (#10, #200–#299) is `fix-input` (the grant lacks the analytics scope: the
 * connection shows "Reconnect to see analytics" rather than failing), and a rate limit always says when
 * to come back. A post that no longer exists (#100 subcode 33) is not an error but the answer `gone`.
 */
export const GONE = Symbol('gone');

/** When a Graph rate limit gives no time (X-App-Usage carries none): Meta's app and Page windows roll over an hour. */
export const GRAPH_METRICS_BACKOFF_SECONDS = 15 * 60;

export function classifyGraphMetricsError(res: FailedResponse, product: 'Facebook' | 'Instagram'): Classification {
  const c = classifyGraphError(res, product);
  const code = typeof c.code === 'string' ? Number(c.code.split('/')[0]) : c.code;
  if (code === 10 || (code !== undefined && code >= 200 && code <= 299))
    return { ...c, category: 'fix-input', reason: `the connection lacks the analytics permission; reconnect ${product} to see analytics` };
  if (c.category === 'backoff') return { ...c, retryAfterSeconds: c.retryAfterSeconds ?? GRAPH_METRICS_BACKOFF_SECONDS };
  return c;
}

export function graphMetricsGet<P extends 'facebook' | 'instagram'>(deps: AdapterDeps<P>, platform: P) {
  const product = platform === 'facebook' ? 'Facebook' : 'Instagram';
  const ctx: CallContext = { platform, fetch: deps.fetch, now: deps.now, classify: (res) => classifyGraphMetricsError(res, product) };
  const graph = `${deps.hosts.graph}/${GRAPH_VERSION}`;
  /** One GET; GONE when Graph says the object does not exist (or is no longer this token's to read). */
  return async <S extends z.ZodType>(
    tokens: TokenSet,
    what: string,
    path: string,
    params: Record<string, string>,
    schema: S,
  ): Promise<z.infer<S> | typeof GONE> => {
    try {
      return await callPlatform(ctx, {
        what,
        url: withQuery(`${graph}${path}`, { ...params, access_token: tokens.accessToken }),
        init: jsonGet,
        schema,
        secrets: [tokens.accessToken],
      });
    } catch (error) {
      if (error instanceof PlatformError && error.details.code === '100/33') return GONE;
      throw error;
    }
  };
}

/** Graph insights rows `{data:[{name, values:[{value}]}]}`: the lifetime value of each metric named. */
export function insightValues(rows: readonly { name: string; values?: readonly { value?: unknown }[] | undefined }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const row of rows) {
    const value = row.values?.[row.values.length - 1]?.value;
    if (typeof value === 'number' && Number.isFinite(value)) out.set(row.name, Math.max(0, Math.round(value)));
  }
  return out;
}
