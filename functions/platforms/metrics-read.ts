import type { MetricsReader, MetricsResult, PostMetrics, TokenSet } from './types';

/**
 * What the three batch readers (X, YouTube, TikTok) share: the ids asked for go out in requests of at
 * most the platform's batch size, and an id the platform did not answer for is gone (deleted, or no
 * longer the account's), so every id asked for gets one result.
 */
export async function readInBatches(
  ids: readonly string[],
  batchSize: number,
  readBatch: (batch: readonly string[]) => Promise<ReadonlyMap<string, PostMetrics>>,
): Promise<MetricsResult[]> {
  const unique = [...new Set(ids)];
  const results: MetricsResult[] = [];
  for (let i = 0; i < unique.length; i += batchSize) {
    const batch = unique.slice(i, i + batchSize);
    const found = await readBatch(batch);
    for (const id of batch) {
      const metrics = found.get(id);
      results.push(metrics ? { platformPostId: id, status: 'ok', metrics } : { platformPostId: id, status: 'gone' });
    }
  }
  return results;
}

/** A count as the platform wrote it (number or numeric string; YouTube writes strings), or null when absent. */
export function count(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
}

/** A reader that reads `batchSize` ids a request with `readBatch`: the post ids it found, with their counts. */
export function batchMetricsReader(
  batchSize: number,
  analyticsScopes: readonly string[],
  readBatch: (tokens: TokenSet, ids: readonly string[]) => Promise<ReadonlyMap<string, PostMetrics>>,
): MetricsReader {
  return {
    metricsBatchSize: batchSize,
    analyticsScopes,
    readMetrics: (tokens, { platformPostIds }) => readInBatches(platformPostIds, batchSize, (ids) => readBatch(tokens, ids)),
  };
}
