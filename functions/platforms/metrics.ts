import { PLATFORM_NAMES, type Platform } from '@shared/platforms';
import type { Deps } from '../lib/clock';
import { configuredApp } from './configured-apps';
import { createBlueskyMetricsReader } from './bluesky-metrics';
import { createFacebookMetricsReader } from './facebook-metrics';
import { env } from '../lib/env';
import { hostsFor } from './hosts';
import type { AtprotoStores } from './bluesky-oauth';
import type { AdapterDeps } from './http';
import { createInstagramMetricsReader } from './instagram-metrics';
import { createLinkedInMetricsReader } from './linkedin-metrics';
import { createThreadsMetricsReader } from './threads-metrics';
import { createPinterestMetricsReader } from './pinterest-metrics';
import { createTikTokMetricsReader } from './tiktok-metrics';
import { SERVER_NETWORKS } from './networks';
import type { MetricsReader } from './types';
import { createXMetricsReader } from './x-metrics';
import { createYouTubeMetricsReader } from './youtube-metrics';

/**
 * The platforms' metrics readers (docs/analytics.md#collecting), by platform: what the
 * analytics collector calls. Each platform's reader lives beside its adapter
 * (functions/platforms/<platform>-metrics.ts).
 */
const READERS: { [P in Platform]: (deps: AdapterDeps<P>) => MetricsReader } = {
  instagram: createInstagramMetricsReader,
  facebook: createFacebookMetricsReader,
  x: createXMetricsReader,
  tiktok: createTikTokMetricsReader,
  youtube: createYouTubeMetricsReader,
  bluesky: createBlueskyMetricsReader,
  threads: createThreadsMetricsReader,
  linkedin: createLinkedInMetricsReader,
  pinterest: createPinterestMetricsReader,
};

/**
 * How many post ids one read takes, per platform: what the sweep puts in one message (each network's
 * server module, `metricsBatch`). Known without credentials, so the sweep never needs the app's
 * secrets; a unit test holds each reader to it.
 */
export const METRICS_BATCH_SIZES: Readonly<Record<Platform, number>> = Object.fromEntries(
  Object.values(SERVER_NETWORKS).map((n): [Platform, number] => [n.id, n.metricsBatch]),
) as Record<Platform, number>;

/** Thrown when we have no app registered on the platform: the collector treats it as a failed reading and retries later. */
export class MetricsUnavailableError extends Error {
  override name = 'MetricsUnavailableError';
  constructor(readonly platform: Platform) {
    super(`Reading metrics from ${PLATFORM_NAMES[platform]} is not available`);
  }
}

/** A reader over explicit deps (tests, benchmarks). */
export function createMetricsReader<P extends Platform>(platform: P, deps: AdapterDeps<P>): MetricsReader {
  return (READERS[platform] as (d: AdapterDeps<P>) => MetricsReader)(deps);
}

/**
 * The platform's reader with our registered app and the configured hosts (the sandbox locally, the
 * platforms on AWS); MetricsUnavailableError when the platform has no app configured.
 */
export async function metricsReaderFor(platform: Platform, deps: Pick<Deps, 'now'>, atproto?: AtprotoStores): Promise<MetricsReader> {
  const app = await configuredApp(platform);
  if (!app) throw new MetricsUnavailableError(platform);
  return createMetricsReader(platform, {
    app,
    hosts: hostsFor(platform, env().PLATFORM_SANDBOX_URL),
    // Bound lazily so a test's stubbed global fetch is honoured.
    fetch: (input, init) => fetch(input, init),
    now: deps.now,
    ...(atproto ? { atproto } : {}),
  });
}

/** How many post ids the sweep puts in one message for `platform`. */
export function metricsBatchSizeFor(platform: Platform): number {
  return METRICS_BATCH_SIZES[platform];
}
