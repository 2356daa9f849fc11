/**
 * Benchmark of "Publish now" on the local cloud: how long from the API call to the post
 * being public on the sandbox platform. Each post goes through the real path — the API (create, or a
 * draft's publish) → dispatch by the request itself → SQS emulator → publisher → adapter → sandbox —
 * one at a time, as a person clicks. The time is the sandbox's receipt of the public create minus the
 * moment the request was sent. Target: every one ≤ 5 s.
 *
 *   npm run bench:publish-now            (POSTS=20 by default, at most 30: the Pro plan's month)
 *
 * Two paths, each with its own Pro user: Compose's POST /api/posts/publish-now, and a saved draft's
 * POST /api/posts/{id}/publish. Posts alternate Facebook and X, as text. The sandbox's rate limits are
 * turned off, so the figure is our pipeline, not the platforms' quotas.
 */
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
process.env.LOG_LEVEL ??= 'SILENT';

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ulid } from 'ulid';
import type { Platform } from '../shared/platforms';
import { startLocalCloud } from '../local/cloud';
import { aProPlan, aUser, connect } from './bench-cloud';

const POSTS = Math.min(30, Number(process.env.POSTS ?? 20));
const TARGET_MS = 5_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-publish-now-'));
const cloud = await startLocalCloud({ dataDir, web: 'none' });
const sandbox = cloud.env.PLATFORM_SANDBOX_URL!;

async function call(url: string, init: { method?: string; token?: string; json?: unknown } = {}) {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** A Pro user (30 posts a month, every platform) with Facebook and X connected. */
async function aProUserWithAccounts() {
  const user = await aUser(cloud);
  await aProPlan(cloud.env.TABLE_NAME!, user.userId);
  await connect(cloud, 'facebook', user.accessToken);
  await connect(cloud, 'x', user.accessToken);
  const { accounts } = (await call(`${cloud.url}/api/accounts`, { token: user.accessToken })) as { accounts: { id: string; platform: Platform }[] };
  return { ...user, accountFor: (platform: Platform) => accounts.find((a) => a.platform === platform)!.id };
}

/** Polls the sandbox's receipts until the caption is public; its receipt time. */
async function receivedAt(caption: string, since: number): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { receipts } = (await call(`${sandbox}/control/receipts?since=${since}`)) as { receipts: { caption: string; receivedAtMs: number }[] };
    const found = receipts.find((r) => r.caption === caption);
    if (found) return found.receivedAtMs;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`"${caption}" never reached the sandbox`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

type BenchUser = Awaited<ReturnType<typeof aProUserWithAccounts>>;

/** `prepare` does what comes before the click (untimed) and returns the click (timed). */
async function run(label: string, prepare: (user: BenchUser, platform: Platform, caption: string) => Promise<() => Promise<unknown>>) {
  const user = await aProUserWithAccounts();
  const times: number[] = [];
  for (let i = 0; i < POSTS; i++) {
    const platform: Platform = i % 2 === 0 ? 'facebook' : 'x';
    const caption = `publish now ${label} ${i} ${ulid().slice(-8)}`;
    const click = await prepare(user, platform, caption);
    const started = Date.now();
    await click();
    times.push((await receivedAt(caption, started - 1)) - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const over = times.filter((t) => t > TARGET_MS).length;
  console.log(
    `  ${label}: ${POSTS} posts, click → public on the sandbox: p50 ${percentile(sorted, 50)} ms, p95 ${percentile(sorted, 95)} ms, max ${sorted.at(-1)} ms; over ${TARGET_MS / 1000} s: ${over}`,
  );
  return over;
}

const body = (user: { accountFor: (p: Platform) => string }, platform: Platform, caption: string) => ({
  platforms: [{ platform, social_account_id: user.accountFor(platform), caption, settings: {} }],
  media_ids: [],
});

try {
  await call(`${sandbox}/control/limits`, { method: 'POST', json: { enabled: false } });
  console.log(`Publish now on the local cloud (LOCAL_LAMBDA_WORKERS=${process.env.LOCAL_LAMBDA_WORKERS ?? 1}):`);
  let over = await run(
    'compose',
    async (user, platform, caption) => () =>
      call(`${cloud.url}/api/posts/publish-now`, { method: 'POST', token: user.accessToken, json: body(user, platform, caption) }),
  );
  over += await run('draft', async (user, platform, caption) => {
    const draft = (await call(`${cloud.url}/api/posts`, { method: 'POST', token: user.accessToken, json: body(user, platform, caption) })) as {
      id: string;
      version: number;
    };
    return () => call(`${cloud.url}/api/posts/${draft.id}/publish`, { method: 'POST', token: user.accessToken, json: { version: draft.version } });
  });
  process.exitCode = over > 0 ? 1 : 0;
} finally {
  await cloud.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
