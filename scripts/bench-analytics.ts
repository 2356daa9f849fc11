import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Platform } from '@shared/platforms';
import { ulid } from 'ulid';
import { zeroRollup, type RollupItem } from '../functions/data/analytics-items';
import type { trackerRecord } from '../test/helpers/analytics';
import { aUser, requestsBetween } from './bench-cloud';

/**
 * `npm run bench:analytics`: GET /api/analytics?days=365 for a Pro user with a year of results, on the
 * local cloud (p95 ≤ 300 ms). Seeds, straight into the table, what the collection side
 * leaves for 10,000 posts published over the last 365 days across the five platforms: one tracker
 * per post, and one rollup per day and platform with its top list and weekday × hour cells. Then
 * calls the API through the front door and prints p50/p95/max and the DynamoDB requests per call
 * (counted at the local DynamoDB's endpoint, as bench-posts.ts does). Measured, not asserted.
 *   --posts=10000 --runs=100
 */
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
process.env.LOG_LEVEL ??= 'SILENT';
const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const POSTS = arg('posts', 10_000);
const RUNS = arg('runs', 100);
const WARMUP = 5;
const DAYS = 365;
const PLATFORMS: readonly Platform[] = ['instagram', 'facebook', 'x', 'tiktok', 'youtube'];

async function main() {
  const { startLocalCloud } = await import('../local/cloud');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-analytics-'));
  const cloud = await startLocalCloud({ dataDir, web: 'none', log: () => undefined });
  try {
    const dynamo = cloud.services.dynamo;
    if (!dynamo) throw new Error('The local cloud has no DynamoDB');
    const { putInBatches, rollupRecord, trackerRecord } = await import('../test/helpers/analytics');
    const { writeSubscriptionState } = await import('../functions/data/subscriptions');
    const { upsertConnection } = await import('../functions/data/connections');
    const { PLANS } = await import('../shared/plans');

    const user = await aUser(cloud);
    const now = new Date();
    await writeSubscriptionState(
      user.userId,
      {
        id: 'sub_bench',
        status: 'active',
        product_id: PLANS.find((p) => p.id === 'pro')!.productId!,
        current_period_end: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
        cancel_at_period_end: false,
        created_at: now.toISOString(),
        customer_id: null,
        price_id: null,
        stripe_created: Math.floor(now.getTime() / 1000),
        observed_at: Date.now(),
        event_created: null,
      },
      { exists: false },
      now,
    );
    for (const [i, platform] of PLATFORMS.entries()) {
      await upsertConnection(
        user.userId,
        { platform, account_id: `${platform}-bench`, account_name: `Bench ${platform}`, picture_url: null },
        ulid(now.getTime() + i),
        now,
      );
    }

    const { trackers, rollups } = seed(user.userId, now, trackerRecord);
    const t0 = performance.now();
    await putInBatches([...trackers, ...rollups.map((r) => rollupRecord(user.userId, r))]);
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    console.log(`seeded ${trackers.length} trackers and ${rollups.length} rollups (${DAYS} days × ${PLATFORMS.length} platforms) in ${seconds} s\n`);

    const url = `${cloud.url}/api/analytics?days=${DAYS}`;
    const times: number[] = [];
    let perCall = '';
    let bytes = 0;
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const before = dynamo.requests();
      const started = performance.now();
      const res = await fetch(url, { headers: { authorization: `Bearer ${user.accessToken}` } });
      const text = await res.text();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`GET /api/analytics: ${res.status} ${text.slice(0, 300)}`);
      if (run >= WARMUP) times.push(ms);
      perCall = requestsBetween(before, dynamo.requests());
      bytes = text.length;
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!.toFixed(1);
    console.log(`GET /api/analytics?days=${DAYS} (Pro), ${RUNS} calls after ${WARMUP} warm-up`);
    console.log(`p50 ${pct(50)} ms   p95 ${pct(95)} ms   max ${times.at(-1)!.toFixed(1)} ms   answer ${(bytes / 1024).toFixed(1)} KB`);
    console.log(`DynamoDB requests per call: ${perCall}`);
  } finally {
    await cloud.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

type TrackerRecord = typeof trackerRecord;

/** POSTS posts spread evenly over the last DAYS days, round-robin over the platforms, with believable counts. */
function seed(userId: string, now: Date, trackerRecord: TrackerRecord) {
  const rollups = new Map<string, RollupItem>();
  const trackers: Record<string, unknown>[] = [];
  for (let i = 0; i < POSTS; i++) {
    const platform = PLATFORMS[i % PLATFORMS.length]!;
    const publishedAt = new Date(now.getTime() - Math.floor(((i + 0.5) / POSTS) * DAYS * 86_400_000));
    const day = publishedAt.toISOString().slice(0, 10);
    const hour = publishedAt.getUTCHours();
    const weekday = (publishedAt.getUTCDay() + 6) % 7;
    const views = 50 + ((i * 7919) % 5000);
    const likes = Math.floor(views / 20);
    const comments = Math.floor(views / 200);
    const shares = Math.floor(views / 400);
    const engagements = likes + comments + shares;
    const postId = ulid(publishedAt.getTime());
    const caption = `Post ${i}: fresh sourdough out of the oven at 7, come early! #bakery #sourdough`;
    const postUrl = `https://example.com/${platform}/${postId}`;
    const latest = { views, reach: null, likes, comments, shares, saves: null };
    trackers.push(
      trackerRecord(userId, { postId, platform, caption, postUrl, publishedAt: publishedAt.toISOString(), day, hour, weekday, status: 'done', latest }),
    );
    const key = `${day}#${platform}`;
    const r = rollups.get(key) ?? zeroRollup(day, platform);
    r.published++;
    r.views += views;
    r.engagements += engagements;
    r.likes += likes;
    r.comments += comments;
    r.shares += shares;
    const cell = (r.hours[`${weekday}:${hour}`] ??= { posts: 0, engagements: 0 });
    cell.posts++;
    cell.engagements += engagements;
    r.top = [...r.top, { postId, caption, publishedAt: publishedAt.toISOString(), postUrl, views, engagements }].sort((a, b) => b.views - a.views).slice(0, 10);
    rollups.set(key, r);
  }
  return { trackers, rollups: [...rollups.values()] };
}

await main();
