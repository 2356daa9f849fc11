import { PLATFORM_NAMES, type Platform } from '@shared/platforms';
import type { Deps } from '../lib/clock';
import type { MetricsReader } from './types';

/**
 * The platforms' metrics readers (issue 15, docs/analytics.md#collecting), by platform: what the
 * analytics collector calls. Each platform's reader lives beside its adapter
 * (functions/platforms/<platform>-metrics.ts) and is listed in READERS.
 */
type ReaderFactory = (deps: Pick<Deps, 'now'>) => MetricsReader;

const READERS: Partial<Record<Platform, ReaderFactory>> = {};

/** Thrown for a platform without a reader: the collector treats it as a failed reading and retries later. */
export class MetricsUnavailableError extends Error {
  override name = 'MetricsUnavailableError';
  constructor(readonly platform: Platform) {
    super(`Reading metrics from ${PLATFORM_NAMES[platform]} is not available`);
  }
}

/** The platform's reader; MetricsUnavailableError when this build has none. */
export function metricsReaderFor(platform: Platform, deps: Pick<Deps, 'now'>): MetricsReader {
  const factory = READERS[platform];
  if (!factory) throw new MetricsUnavailableError(platform);
  return factory(deps);
}

/** How many post ids the sweep puts in one message for `platform` (the reader's batch size; 1 without a reader). */
export function metricsBatchSizeFor(platform: Platform, deps: Pick<Deps, 'now'>): number {
  try {
    return Math.max(1, metricsReaderFor(platform, deps).metricsBatchSize);
  } catch (error) {
    if (error instanceof MetricsUnavailableError) return 1;
    throw error;
  }
}
