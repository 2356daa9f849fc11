import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SocialAccount } from '@shared/accounts';
import type { PostStatus } from '@shared/statuses';
import type { PostRecord } from '../functions/data/posts';
import { ulid } from 'ulid';
import { aUser, requestsBetween } from './bench-cloud';

/**
 * `npm run bench:posts`: the read side of the posts API against 10,000 posts of one user on the
 * local cloud. Seeds through the data layer (batch writes), then calls each read through the front
 * door several times and prints p50/p95 latency and the DynamoDB requests each call made: counted
 * where they arrive, at the local DynamoDB's endpoint (per X-Amz-Target operation), as the difference
 * around the call. (The handlers run in worker threads with their own clients, so a middleware on this
 * process's client saw none of them.) Measured, not asserted.
 *   --posts=10000 --runs=30
 */
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
process.env.LOG_LEVEL ??= 'SILENT';
const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const POSTS = arg('posts', 10_000);
const RUNS = arg('runs', 30);
const WARMUP = 3;
/** How the 10,000 split over the statuses (scheduled spread over the next 60 days). */
const MIX: [PostStatus, number][] = [
  ['scheduled', 0.36],
  ['queued', 0.02],
  ['publishing', 0.02],
  ['posted', 0.3],
  ['draft', 0.2],
  ['failed', 0.1],
];

async function main() {
  const { startLocalCloud } = await import('../local/cloud');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-posts-'));
  const cloud = await startLocalCloud({ dataDir, web: 'none', log: () => undefined });
  try {
    const { putPostsInBatches } = await import('../functions/data/posts');
    const { upsertConnection } = await import('../functions/data/connections');

    const dynamo = cloud.services.dynamo;
    if (!dynamo) throw new Error('The local cloud has no DynamoDB');

    const user = await aUser(cloud);
    const accounts = await Promise.all(
      (['facebook', 'instagram'] as const).map((platform, i) =>
        upsertConnection(
          user.userId,
          { platform, account_id: `${platform}-bench`, account_name: `Bench ${platform}`, picture_url: null },
          ulid(Date.now() + i),
          new Date(),
        ),
      ),
    );

    const t0 = performance.now();
    await putPostsInBatches(user.userId, seedPosts(user.userId, accounts));
    console.log(`seeded ${POSTS} posts in ${((performance.now() - t0) / 1000).toFixed(1)} s (${Math.ceil(POSTS / 25)} BatchWriteItem calls)\n`);

    const now = Date.now();
    const monthFrom = new Date(now + 7 * 86_400_000).toISOString();
    const monthTo = new Date(now + 42 * 86_400_000).toISOString();
    const weekTo = new Date(now + 14 * 86_400_000).toISOString();
    const calls: [string, string][] = [
      ['GET /api/posts?tab=scheduled', '/api/posts?tab=scheduled'],
      ['GET /api/posts?tab=posted', '/api/posts?tab=posted'],
      ['GET /api/posts?tab=drafts', '/api/posts?tab=drafts'],
      ['GET /api/posts?tab=failed', '/api/posts?tab=failed'],
      ['GET /api/posts/counts', '/api/posts/counts'],
      ['GET /api/posts/calendar (week)', `/api/posts/calendar?from=${monthFrom}&to=${weekTo}`],
      ['GET /api/posts/calendar (5-week month view)', `/api/posts/calendar?from=${monthFrom}&to=${monthTo}`],
      ['GET /api/dashboard', '/api/dashboard'],
      ['GET /api/usage', '/api/usage'],
    ];
    console.log(`${'call'.padEnd(44)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  items  DynamoDB requests per call`);
    for (const [label, url] of calls) {
      const times: number[] = [];
      let perCall = '';
      let items = '';
      for (let run = 0; run < WARMUP + RUNS; run++) {
        const before = dynamo.requests();
        const started = performance.now();
        const res = await fetch(`${cloud.url}${url}`, { headers: { authorization: `Bearer ${user.accessToken}` } });
        const body = (await res.json()) as Record<string, unknown>;
        const ms = performance.now() - started;
        if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(body)}`);
        if (run >= WARMUP) times.push(ms);
        perCall = requestsBetween(before, dynamo.requests());
        items = Array.isArray(body.items)
          ? String(body.items.length)
          : 'upcoming' in body
            ? `${(body.upcoming as unknown[]).length}+${(body.recent as unknown[]).length}`
            : '-';
      }
      times.sort((a, b) => a - b);
      const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!.toFixed(1);
      console.log(`${label.padEnd(44)} ${pct(50).padStart(8)} ${pct(95).padStart(8)}  ${items.padStart(5)}  ${perCall}`);
    }
  } finally {
    await cloud.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function seedPosts(userId: string, accounts: SocialAccount[]): PostRecord[] {
  const now = Date.now();
  let i = 0;
  return MIX.flatMap(([status, share]) =>
    Array.from({ length: Math.round(POSTS * share) }, () => {
      i++;
      const future = new Date(now + 3_600_000 + ((i * 7919) % (60 * 24)) * 3_600_000).toISOString();
      const past = new Date(now - 3_600_000 - ((i * 7919) % (60 * 24)) * 3_600_000).toISOString();
      const open = status === 'scheduled' || status === 'queued' || status === 'publishing';
      const id = ulid(now - i * 1000);
      return {
        id,
        title: null,
        scheduled_at: status === 'draft' ? null : open ? future : past,
        published_at: status === 'posted' ? past : null,
        status,
        error_message: status === 'failed' ? 'The platform refused the post' : null,
        youtube_type: null,
        client_id: null,
        version: 1,
        created_at: past,
        updated_at: past,
        usage_month: null,
        media: [
          {
            id: ulid(),
            file_path: `${userId}/${now}-bench${String(i % 1000).padStart(4, '0')}.jpg`,
            file_type: 'image/jpeg',
            file_size: 245_000,
            created_at: past,
          },
        ],
        platforms: accounts.map((a) => ({
          id: ulid(),
          platform: a.platform,
          social_account_id: a.id,
          account_name: a.account_name,
          account_id: a.account_id,
          caption: `Post ${i}: fresh sourdough out of the oven at 7, come early! #bakery #sourdough`,
          settings: {},
          status: 'pending' as const,
          post_url: null,
          posted_at: null,
          error_message: null,
        })),
      };
    }),
  );
}

await main();
