/**
 * Benchmark of analytics collection (docs/analytics.md#calls-per-post): platform calls per
 * collected post over its life, through the real sweep, claims, batches and collector writes on the
 * local cloud's table. The platform read is counted, not made (each call answers every id), so the
 * figure is what the pipeline asks of each platform, whatever its reader's latency.
 *
 * Two ways of posting, per platform, each POSTS posts (default 200) on one connection:
 *  - burst: all published in the same minute (batches fill up to the reader's batch size);
 *  - spread: one every 2 hours (each reading is a batch of its own, more or less).
 * The sweep runs every 15 minutes of simulated time for 31 days after the first post.
 *
 *   npm run bench:collection           (POSTS=200)
 */
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
process.env.LOG_LEVEL ??= 'SILENT';

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ulid } from 'ulid';
import { PLATFORMS, type Platform } from '../shared/platforms';
import { startLocalCloud } from '../local/cloud';

const POSTS = Number(process.env.POSTS ?? 200);
const DAY = 86_400_000;
const SWEEP_EVERY = 15 * 60_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-collection-'));
const cloud = await startLocalCloud({ dataDir, web: 'none' });
Object.assign(process.env, cloud.env);
const { tableAnalyticsStore } = await import('../functions/data/analytics');
const { collectBatch, recordTargetOutcome, sweepDueTrackers } = await import('../functions/domain/analytics-collection');
const { metricsBatchSizeFor } = await import('../functions/platforms/metrics');
type Message = Parameters<typeof collectBatch>[0];

async function run(platform: Platform, spacingMs: number): Promise<number> {
  const userId = `bench-${ulid()}`;
  const start = Date.parse('2026-01-05T08:00:00.000Z');
  const size = metricsBatchSizeFor(platform);
  for (let i = 0; i < POSTS; i++) {
    const postedAt = new Date(start + i * spacingMs).toISOString();
    const post = {
      id: ulid(),
      client_id: null,
      scheduled_at: postedAt,
      platforms: [
        {
          id: ulid(),
          platform,
          social_account_id: 'bench-account',
          account_id: `${platform}-bench`,
          caption: `Post ${i}`,
          status: 'posted',
          post_url: null,
          posted_at: postedAt,
          platform_post_id: `${platform}-${i}`,
        },
      ],
    } as unknown as Parameters<typeof recordTargetOutcome>[1];
    await recordTargetOutcome(userId, post, 0, { now: () => new Date(postedAt), store: tableAnalyticsStore });
  }
  let calls = 0;
  const end = start + (POSTS - 1) * spacingMs + 31 * DAY;
  for (let at = start; at <= end; at += SWEEP_EVERY) {
    const now = new Date(at);
    const messages: Message[] = [];
    await sweepDueTrackers(now, { now: () => now, store: tableAnalyticsStore, queue: { send: async (m) => void messages.push(m) }, batchSize: () => size });
    for (const message of messages.filter((m) => m.userId === userId)) {
      await collectBatch(message, {
        now: () => now,
        random: Math.random,
        store: tableAnalyticsStore,
        isUserClosed: async () => false,
        readMetrics: async (_m, ids) => {
          calls += 1;
          return ids.map((id) => ({
            platformPostId: id,
            status: 'ok' as const,
            metrics: { views: 10, reach: null, likes: 1, comments: 0, shares: 0, saves: 0 },
          }));
        },
      });
    }
  }
  return calls / POSTS;
}

try {
  console.log(`Analytics collection benchmark: platform calls per post over its life (${POSTS} posts per run, local cloud table)`);
  console.log('platform   batch            burst (same minute)   spread (one every 2 h)');
  for (const platform of PLATFORMS) {
    const size = metricsBatchSizeFor(platform);
    const burst = await run(platform, 0);
    const spread = await run(platform, 2 * 3_600_000);
    console.log(`${platform.padEnd(10)} ${String(size).padEnd(16)} ${burst.toFixed(2).padStart(19)}   ${spread.toFixed(2).padStart(22)}`);
  }
} finally {
  await cloud.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
