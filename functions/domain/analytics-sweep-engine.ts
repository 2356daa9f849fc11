import { tableAnalyticsStore } from '../data/analytics';
import { sqsAnalyticsQueue } from '../lib/analytics-queue';
import { serverNetworkOf } from '../platforms/networks';
import type { SweepEngine } from './analytics-collection';

/**
 * The analytics sweep's ports over the table and SQS (docs/analytics.md). Apart from the collector's
 * (analytics-engines.ts) because the sweep only queues work: the tokens and the platforms' clients
 * stay out of its bundle.
 */

/** The sweep as of `now` (the scheduled event's time). */
export function awsSweepEngine(now: Date): SweepEngine {
  return {
    now: () => now,
    store: tableAnalyticsStore,
    queue: sqsAnalyticsQueue,
    batchSize: (platform) => serverNetworkOf(platform).metricsBatch,
  };
}
