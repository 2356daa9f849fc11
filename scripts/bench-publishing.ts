/**
 * Benchmark of the publishing engine on the local cloud: N posts with one target each, all
 * due in the same minute, go through the real path — EventBridge Scheduler emulator → dispatcher →
 * SQS emulator (DelaySeconds) → publishers → adapters → sandbox platforms. Lateness is the sandbox's
 * receipt time of the public create minus the due time.
 *
 * Two runs: a clean one, and one where every SQS message is delivered twice and 5% of the platform
 * creates time out after the platform acted. Half the posts go to X, half to a Facebook Page, as text,
 * so platform processing time does not count as our lateness. The sandbox's rate limits and daily caps
 * are turned off: one benchmark user posting 1,000 times would otherwise measure the quotas.
 *
 *   npm run bench:publishing            (POSTS=1000 by default; RUNS=clean,faults)
 *
 * The functions run on LOCAL_LAMBDA_WORKERS worker threads (default 1), the emulators on the main
 * thread; PUBLISHER_CONCURRENCY=50 bounds each platform queue's publishers as a deployment does. PROFILE=1 writes a CPU profile of the main thread from 1 s before to 8 s after the due second.
 */
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
process.env.LOG_LEVEL ??= 'SILENT';

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfirmSignUpCommand, CognitoIdentityProviderClient, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ulid } from 'ulid';
import type { Platform } from '../shared/platforms';
import { startLocalCloud } from '../local/cloud';
import { aPostRecord } from '../test/helpers/post-record';
import { aProPlan, connect } from './bench-cloud';

const POSTS = Number(process.env.POSTS ?? 1000);
/** Room for writing each post and its schedule before the schedules' time (~12 ms each measured at load 12). */
const WRITE_MS_PER_POST = 15;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-publishing-'));
const cloud = await startLocalCloud({ dataDir, web: 'none' });
const { putPostsInBatches, countTab } = await import('../functions/data/posts');
const { scheduleDispatch } = await import('../functions/publishing/wiring');
const sandbox = cloud.env.PLATFORM_SANDBOX_URL!;
const dynamo = (() => {
  const started = cloud.services.dynamo;
  if (!started) throw new Error('The local cloud has no DynamoDB');
  return started;
})();

async function call(url: string, init: RequestInit & { json?: unknown } = {}) {
  const res = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}
const control = (p: string, json?: unknown, method = 'POST') => call(`${sandbox}/control${p}`, { method, json });

async function aUser() {
  const cognito = new CognitoIdentityProviderClient({
    endpoint: cloud.cognito.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'l', secretAccessKey: 'l' },
  });
  const email = `bench-${ulid().toLowerCase()}@example.com`;
  await cognito.send(
    new SignUpCommand({ ClientId: cloud.cognito.clientId, Username: email, Password: 'secret123', UserAttributes: [{ Name: 'email', Value: email }] }),
  );
  const { messages } = (await call(`${cloud.url}/_local/inbox/messages?to=${encodeURIComponent(email)}`)) as { messages: { html: string }[] };
  const code = /[?&]code=(\d+)/.exec(messages[0]!.html)![1]!;
  await cognito.send(new ConfirmSignUpCommand({ ClientId: cloud.cognito.clientId, Username: email, ConfirmationCode: code }));
  const auth = await cognito.send(
    new InitiateAuthCommand({ ClientId: cloud.cognito.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: 'secret123' } }),
  );
  const token = auth.AuthenticationResult!.AccessToken!;
  const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
  return { token, userId };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function run(label: string, faults: { duplicates: boolean; timeoutShare: number }) {
  const user = await aUser();
  // Pro, so every platform is in the plan.
  await aProPlan(cloud.env.TABLE_NAME!, user.userId);
  await connect(cloud, 'facebook', user.token);
  await connect(cloud, 'x', user.token);
  const { accounts } = (await call(`${cloud.url}/api/accounts`, { headers: { authorization: `Bearer ${user.token}` } })) as {
    accounts: { id: string; platform: Platform; account_id: string; account_name: string }[];
  };
  const byPlatform = { facebook: accounts.find((a) => a.platform === 'facebook')!, x: accounts.find((a) => a.platform === 'x')! };

  await control('/faults', undefined, 'DELETE');
  await control('/receipts/reset');
  await call(`${cloud.env.SQS_ENDPOINT}/_control/faults`, { method: 'POST', json: { duplicateDeliveries: faults.duplicates } });
  if (faults.timeoutShare > 0) {
    const times = Math.round((POSTS * faults.timeoutShare) / 2);
    await control('/faults', { platform: 'x', error: 'timeout_after_acting', times, publish: true });
    await control('/faults', { platform: 'facebook', error: 'timeout_after_acting', times, publish: true });
  }

  // Due at the start of a minute far enough ahead that every schedule (a minute earlier) is still
  // ahead once all are written: 10,000 posts and schedules take one to two minutes to write on a
  // loaded machine, and a schedule already due when written is dispatched by the API instead.
  const due = new Date(Math.ceil((Date.now() + 90_000 + POSTS * WRITE_MS_PER_POST) / 60_000) * 60_000);
  const now = new Date().toISOString();
  const posts = Array.from({ length: POSTS }, (_, i) => {
    const platform: 'facebook' | 'x' = i % 2 === 0 ? 'facebook' : 'x';
    const account = byPlatform[platform];
    return aPostRecord(
      account,
      { status: 'scheduled', scheduled_at: due.toISOString(), created_at: now, updated_at: now },
      `bench ${label} ${i} ${ulid().slice(-6)}`,
    );
  });
  const t0 = Date.now();
  await putPostsInBatches(user.userId, posts);
  for (const post of posts) await scheduleDispatch(user.userId, post, null);
  console.log(`  ${label}: ${POSTS} posts and schedules written in ${((Date.now() - t0) / 1000).toFixed(1)} s; due ${due.toISOString()}`);
  if (Date.now() > due.getTime() - 60_000) {
    console.log(`  ${label}: ✗ the writes ended after the schedules' time: this run does not measure the Scheduler's path`);
  }

  if (process.env.PROFILE) {
    const { Session } = await import('node:inspector/promises');
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    setTimeout(() => void session.post('Profiler.start'), due.getTime() - 1000 - Date.now());
    setTimeout(
      async () => {
        const { profile } = await session.post('Profiler.stop');
        const file = path.join(os.tmpdir(), `bench-publishing-${label}.cpuprofile`);
        fs.writeFileSync(file, JSON.stringify(profile));
        console.log(`  ${label}: CPU profile of this thread around the due second: ${file}`);
      },
      due.getTime() + 8_000 - Date.now(),
    );
  }
  // What the pipeline asks of DynamoDB per post, from dispatch to the last settle and its analytics:
  // the product's own cost, which the machine's load does not change (the bench's own polling adds
  // two queries a second).
  const requestsBefore = dynamo.requests();
  const deadline = due.getTime() + 5 * 60_000;
  while (Date.now() < deadline) {
    const settled = (await countTab(user.userId, 'posted')) + (await countTab(user.userId, 'failed'));
    if (settled >= POSTS) {
      console.log(
        `  ${label}: every post shows Posted or Failed ${((Date.now() - due.getTime()) / 1000).toFixed(1)} s after the due time (polled each second)`,
      );
      break;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  // The bookkeeping after the last settle (analytics) has up to the settle spread to finish.
  await new Promise((r) => setTimeout(r, 5000));
  const requestsAfter = dynamo.requests();
  const perPost = Object.entries(requestsAfter)
    .map(([op, n]) => [op, (n - (requestsBefore[op] ?? 0)) / POSTS] as const)
    .filter(([, n]) => n > 0)
    .map(([op, n]) => `${op} ${n.toFixed(2)}`)
    .join(', ');
  const posted = await countTab(user.userId, 'posted');
  const failed = await countTab(user.userId, 'failed');
  const { receipts } = (await control('/receipts', undefined, 'GET')) as { receipts: { caption: string; receivedAtMs: number }[] };
  const byCaption = new Map<string, number[]>();
  for (const r of receipts) byCaption.set(r.caption, [...(byCaption.get(r.caption) ?? []), r.receivedAtMs]);
  const lateness = [...byCaption.values()].map((times) => Math.min(...times) - due.getTime()).sort((a, b) => a - b);
  const duplicates = [...byCaption.values()].reduce((n, times) => n + times.length - 1, 0);
  const lost = POSTS - posted - failed;
  console.log(
    `  ${label}: received ${byCaption.size}/${POSTS}; lateness p50 ${percentile(lateness, 50)} ms, p99 ${percentile(lateness, 99)} ms, max ${lateness.at(-1)} ms; ` +
      `early ${lateness.filter((l) => l < 0).length}; duplicates ${duplicates}; posted ${posted}; failed ${failed}; lost ${lost}`,
  );
  console.log(`  ${label}: DynamoDB requests per post: ${perPost}`);
  return { posted, failed, lost, duplicates, lateness };
}

try {
  await control('/reset');
  await control('/limits', { enabled: false });
  console.log(
    `Publishing benchmark: ${POSTS} posts due in the same minute (local cloud, ${os.cpus().length} cores, ${process.env.LOCAL_LAMBDA_WORKERS ?? 1} Lambda worker thread(s), ` +
      `publisher concurrency ${process.env.PUBLISHER_CONCURRENCY || '1000'} per platform queue)`,
  );
  const runs = (process.env.RUNS ?? 'clean,faults').split(',');
  if (runs.includes('clean')) await run('clean', { duplicates: false, timeoutShare: 0 });
  if (runs.includes('faults')) await run('faults', { duplicates: true, timeoutShare: 0.05 });
} finally {
  await cloud.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
