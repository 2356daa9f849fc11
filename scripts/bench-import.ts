import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ulid } from 'ulid';
import { IMPORT_CHUNK_ROWS, type ImportRow } from '@shared/import';
import { PLANS } from '@shared/plans';
import { aUser } from './bench-cloud';

/**
 * `npm run bench:import`: 10,000 valid CSV rows scheduled on the local cloud (≤ 60 s).
 * The rows go through the import domain in chunks of 250, two chunks at a time (as the Import page
 * sends them), against the local DynamoDB and the local Scheduler: each row is re-checked, written as
 * a post, and gets its schedule. Today's plans allow 30 posts a month, so the benchmark judges the
 * rows by Pro's rules with a 10,000-post allowance. Prints the time, rows/s, and the posts and
 * schedules it finds afterwards.   --rows=10000
 */
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
process.env.LOG_LEVEL ??= 'SILENT';
const ROWS = Number(process.argv.find((a) => a.startsWith('--rows='))?.split('=')[1] ?? 10_000);
const CHUNKS_AT_ONCE = 2;

async function main() {
  const { startLocalCloud } = await import('../local/cloud');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-import-'));
  const cloud = await startLocalCloud({ dataDir, web: 'none', log: () => undefined });
  try {
    const { upsertConnection } = await import('../functions/data/connections');
    const { importPosts } = await import('../functions/domain/bulk-import');
    const { countTab } = await import('../functions/data/posts');
    const user = await aUser(cloud);
    for (const [i, platform] of (['facebook', 'instagram', 'x'] as const).entries())
      await upsertConnection(
        user.userId,
        { platform, account_id: `${platform}-bench`, account_name: `Bench ${platform}`, picture_url: null },
        ulid(Date.now() + i),
        new Date(),
      );

    const start = Date.now() + 86_400_000;
    const rows: ImportRow[] = Array.from({ length: ROWS }, (_, i) => {
      const at = new Date(start + i * 15 * 60_000).toISOString();
      return {
        row: i + 1,
        fields: {
          date: at.slice(0, 10),
          time: at.slice(11, 16),
          platforms: i % 2 ? 'facebook;x' : 'facebook',
          caption: `Post ${i + 1}: fresh sourdough at 7 #bakery`,
        },
      };
    });
    const chunks = Array.from({ length: Math.ceil(ROWS / IMPORT_CHUNK_ROWS) }, (_, i) => rows.slice(i * IMPORT_CHUNK_ROWS, (i + 1) * IMPORT_CHUNK_ROWS));
    const plan = { ...PLANS.find((p) => p.id === 'pro')!, postLimit: ROWS };

    let scheduled = 0;
    let next = 0;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    await Promise.all(
      Array.from({ length: CHUNKS_AT_ONCE }, async () => {
        while (next < chunks.length) {
          const { results } = await importPosts(user.userId, { timezone: 'UTC', rows: chunks[next++]! }, undefined, { plan });
          scheduled += results.filter((r) => r.status === 'scheduled').length;
          const failed = results.find((r) => r.status === 'failed');
          if (failed) console.log(`row ${failed.row}: ${failed.reason}`);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const posts = await countTab(user.userId, 'scheduled');
    const schedules = await countSchedules();
    console.log(
      `imported ${ROWS} rows in ${chunks.length} chunks of ${IMPORT_CHUNK_ROWS}: ${scheduled} scheduled in ${seconds.toFixed(1)} s (${Math.round(scheduled / seconds)} rows/s)`,
    );
    // On a shared machine the wall time includes waiting for a core; the CPU time is what the work itself took.
    console.log(
      `CPU time (the local cloud and the import share this process): ${cpuSeconds.toFixed(1)} s; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
    );
    console.log(`afterwards: ${posts} posts in the Scheduled tab, ${schedules} schedules in the local Scheduler`);
    if (scheduled !== ROWS || posts !== ROWS || schedules !== ROWS) process.exitCode = 1;
  } finally {
    await cloud.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The schedules in the posts' group, through the Scheduler API (ListSchedules, 100 a page). */
async function countSchedules(): Promise<number> {
  const { ListSchedulesCommand } = await import('@aws-sdk/client-scheduler');
  const { schedulerClient } = await import('../functions/lib/aws');
  let count = 0;
  let NextToken: string | undefined;
  do {
    const page = await schedulerClient().send(new ListSchedulesCommand({ GroupName: process.env.SCHEDULE_GROUP, NextToken, MaxResults: 100 }));
    count += page.Schedules?.length ?? 0;
    NextToken = page.NextToken;
  } while (NextToken);
  return count;
}

await main();
