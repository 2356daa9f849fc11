/**
 * Benchmark of the publishing engine on the local cloud: N posts with one target each, all
 * due in the same minute, go through the real path — EventBridge Scheduler emulator → dispatcher →
 * SQS emulator (DelaySeconds) → publishers → adapters → sandbox platforms. Lateness is the sandbox's
 * receipt time of the public create minus the due time.
 *
 * Two runs: a clean one, and one where every SQS message is delivered twice and 5% of the platform
 * creates time out after the platform acted. By default half the posts go to X, half to a Facebook
 * Page, as text, so platform processing time does not count as our lateness. The sandbox's rate limits
 * and daily caps are turned off: one benchmark user posting 1,000 times would otherwise measure the quotas.
 *
 * NETWORKS picks the mix (`all`, or a comma list of shared/platforms.ts names; default `facebook,x`,
 * the mix earlier figures were measured with): posts go round-robin over the networks, each in a shape
 * it accepts — text to X, Facebook, Threads, LinkedIn and Bluesky; a JPEG to Instagram and to a
 * Pinterest board (the board the API lists first); a small MP4 to TikTok (public, consent given) and
 * YouTube (titled). Lateness is printed per network as well as overall, with what each network's
 * receipt time includes: only Instagram's is taken after the platform's processing (media_publish
 * waits for the container, which the publisher makes before the due second, so only processing that
 * outlasts that lead shows); TikTok's and YouTube's receipts are the init/upload, processing follows
 * (it shows in the time until every post is Posted).
 * Bluesky runs on its own PDS (the cloud starts with its module): its posts are read back from the
 * account's repository (listRecords), their time is the record's createdAt (our call's clock: the PDS
 * keeps no receipt time), and the sandbox's faults do not reach it (SQS's duplicates do).
 *
 *   npm run bench:publishing            (POSTS=1000 by default; RUNS=clean,faults; NETWORKS=facebook,x)
 *   NETWORKS=all npm run bench:publishing
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
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import { PLATFORMS, type Platform } from '../shared/platforms';
import { startLocalCloud } from '../local/cloud';
import { isSandboxPlatform } from '../local/sandbox/apps';
import { aPostRecord } from '../test/helpers/post-record';
import { aProPlan, connect, connectBluesky } from './bench-cloud';

const POSTS = Number(process.env.POSTS ?? 1000);
const NETWORKS = networksOf(process.env.NETWORKS ?? 'facebook,x');
/** What each network's lateness is measured to: the time its stand-in recorded the public create. */
const RECEIPT_TIME: Record<Platform, string> = {
  facebook: 'the feed post',
  x: 'the tweet',
  threads: 'threads_publish of a text container',
  linkedin: 'the post',
  bluesky: "the record's createdAt (our call's clock; the PDS keeps no receipt time)",
  instagram: "media_publish, which waits for the container's processing (made before the due second: only processing that outlasts the lead counts)",
  pinterest: 'the pin (an image pin has no processing)',
  tiktok: 'the init; the download, processing and moderation follow (not included)',
  youtube: 'the upload; processing follows (not included)',
};

function networksOf(value: string): Platform[] {
  if (value.trim() === 'all') return [...PLATFORMS];
  const picked = value
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = picked.filter((n) => !(PLATFORMS as readonly string[]).includes(n));
  if (unknown.length > 0 || picked.length === 0)
    throw new Error(`NETWORKS: ${unknown.join(', ') || '(none)'} — use 'all' or a comma list of ${PLATFORMS.join(', ')}`);
  return [...new Set(picked as Platform[])];
}
/** Room for writing each post and its schedule before the schedules' time (~12 ms each measured at load 12). */
const WRITE_MS_PER_POST = 15;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-publishing-'));
const cloud = await startLocalCloud({ dataDir, web: 'none', bluesky: NETWORKS.includes('bluesky') });
const { putPostsInBatches, countTab, listTabPage } = await import('../functions/data/posts');
const { scheduleDispatch } = await import('../functions/publishing/wiring');
const { putMediaRowOnce } = await import('../functions/data/media');
const { mediaIdForKey, newObjectKey } = await import('../functions/data/keys');
const { s3Client } = await import('../functions/lib/aws');
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

/** One object in the media bucket and its media row, as a confirmed upload leaves them. */
async function aStoredMedia(userId: string, bytes: Buffer, type: 'image/jpeg' | 'video/mp4') {
  const key = newObjectKey(userId, type === 'image/jpeg' ? 'jpg' : 'mp4', new Date(), ulid().slice(-8).toLowerCase());
  await s3Client().send(new PutObjectCommand({ Bucket: process.env.MEDIA_BUCKET, Key: key, Body: bytes, ContentType: type }));
  const row = await putMediaRowOnce(userId, {
    id: mediaIdForKey(userId, key)!,
    post_id: null,
    file_path: key,
    file_type: type,
    file_size: bytes.length,
    created_at: new Date().toISOString(),
    ...(type === 'image/jpeg' ? { width: 1080, height: 1080 } : { width: 1080, height: 1920, duration_seconds: 8 }),
  });
  const { post_id: _postId, format: _format, ...stored } = row;
  return stored;
}

/** Clears today's count of our own YouTube upload quota (platformQuotaKey), so a run is not refused by the run before it. */
async function forgetYouTubeUploadsToday() {
  const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { documentClient } = await import('../functions/lib/aws');
  const { DAILY_QUOTAS, dayIn } = await import('../functions/domain/platform-quotas');
  const { platformQuotaKey } = await import('../functions/data/keys');
  const day = dayIn(DAILY_QUOTAS['youtube.videos.insert'].timeZone, new Date());
  await documentClient().send(new DeleteCommand({ TableName: cloud.env.TABLE_NAME, Key: platformQuotaKey('youtube.videos.insert', day) }));
}

async function run(label: string, faults: { duplicates: boolean; timeoutShare: number }) {
  const user = await aUser();
  // Pro, so every platform is in the plan.
  await aProPlan(cloud.env.TABLE_NAME!, user.userId);
  const bluesky = NETWORKS.includes('bluesky') ? await connectBluesky(cloud, user.token) : null;
  for (const network of NETWORKS) if (isSandboxPlatform(network)) await connect(cloud, network, user.token);
  const api = (p: string) => call(`${cloud.url}/api${p}`, { headers: { authorization: `Bearer ${user.token}` } });
  const { accounts } = (await api('/accounts')) as {
    accounts: { id: string; platform: Platform; account_id: string; account_name: string }[];
  };
  const accountOf = Object.fromEntries(NETWORKS.map((n) => [n, accounts.find((a) => a.platform === n)!])) as Record<Platform, (typeof accounts)[number]>;
  const boardId = NETWORKS.includes('pinterest')
    ? ((await api(`/accounts/${accountOf.pinterest.id}/pinterest-boards`)) as { boards: { id: string }[] }).boards[0]!.id
    : undefined;
  // One square JPEG (Instagram's and Pinterest's rules) and one small MP4 (an ftyp box, then bytes), shared by the posts that need them.
  const needs = (kind: Platform[]) => NETWORKS.some((n) => kind.includes(n));
  const { default: sharp } = await import('sharp');
  const image = needs(['instagram', 'pinterest'])
    ? await aStoredMedia(
        user.userId,
        await sharp({ create: { width: 1080, height: 1080, channels: 3, background: { r: 200, g: 160, b: 96 } } })
          .jpeg()
          .toBuffer(),
        'image/jpeg',
      )
    : undefined;
  const video = needs(['tiktok', 'youtube'])
    ? await aStoredMedia(user.userId, Buffer.concat([Buffer.from('\0\0\0 ftypisom\0\0\x02\0isomiso2'), Buffer.alloc(600 * 1024, 7)]), 'video/mp4')
    : undefined;

  // YouTube's videos.insert bucket is 100 a day for the whole Google project, counted on our side
  // (functions/domain/platform-quotas.ts): each run starts a fresh day of it, as the sandbox's caps are off.
  if (NETWORKS.includes('youtube')) await forgetYouTubeUploadsToday();
  await control('/faults', undefined, 'DELETE');
  await control('/receipts/reset');
  await call(`${cloud.env.SQS_ENDPOINT}/_control/faults`, { method: 'POST', json: { duplicateDeliveries: faults.duplicates } });
  // Posts go round-robin over the networks: network k gets posts k, k + n, k + 2n, …
  const perNetwork = (network: Platform) => Math.ceil((POSTS - NETWORKS.indexOf(network)) / NETWORKS.length);
  if (faults.timeoutShare > 0) {
    for (const network of NETWORKS) {
      // Bluesky's PDS is the real server: it takes no injected faults.
      if (!isSandboxPlatform(network)) continue;
      const times = Math.round(perNetwork(network) * faults.timeoutShare);
      if (times > 0) await control('/faults', { platform: network, error: 'timeout_after_acting', times, publish: true });
    }
  }

  // Due at the start of a minute far enough ahead that every schedule (a minute earlier) is still
  // ahead once all are written: 10,000 posts and schedules take one to two minutes to write on a
  // loaded machine, and a schedule already due when written is dispatched by the API instead.
  const due = new Date(Math.ceil((Date.now() + 90_000 + POSTS * WRITE_MS_PER_POST) / 60_000) * 60_000);
  const now = new Date().toISOString();
  const captionOf = new Map<string, Platform>();
  const posts = Array.from({ length: POSTS }, (_, i) => {
    const platform = NETWORKS[i % NETWORKS.length]!;
    const caption = `bench ${label} ${i} ${ulid().slice(-6)}`;
    captionOf.set(caption, platform);
    const record = aPostRecord(accountOf[platform], { status: 'scheduled', scheduled_at: due.toISOString(), created_at: now, updated_at: now }, caption);
    const target = record.platforms[0]!;
    if (platform === 'instagram' || platform === 'pinterest') record.media = [image!];
    if (platform === 'tiktok' || platform === 'youtube') record.media = [video!];
    if (platform === 'pinterest') target.settings = { pinterest_board_id: boardId };
    // A Direct Post as the compose panel sends it: the privacy the user chose, the music consent given.
    if (platform === 'tiktok') target.settings = { tiktok_privacy_level: 'PUBLIC_TO_EVERYONE', tiktok_consent: true };
    if (platform === 'youtube') record.title = caption;
    return record;
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
  // Every public create each stand-in recorded, by the caption it carried: the sandbox's receipts, and
  // the Bluesky account's own repository read back from the PDS.
  const { receipts } = (await control('/receipts', undefined, 'GET')) as { receipts: { caption: string; receivedAtMs: number }[] };
  const creates = receipts.map((r) => ({ caption: r.caption, atMs: r.receivedAtMs }));
  if (bluesky) {
    for (let cursor: string | undefined; ;) {
      const page = await bluesky.agent.com.atproto.repo.listRecords({ repo: bluesky.did, collection: 'app.bsky.feed.post', limit: 100, cursor });
      for (const r of page.data.records) {
        const value = r.value as { text: string; createdAt: string };
        creates.push({ caption: value.text, atMs: Date.parse(value.createdAt) });
      }
      cursor = page.data.cursor;
      if (!cursor || page.data.records.length === 0) break;
    }
  }
  const byCaption = new Map<string, number[]>();
  let strangers = 0;
  for (const c of creates) {
    if (!captionOf.has(c.caption)) strangers++;
    else byCaption.set(c.caption, [...(byCaption.get(c.caption) ?? []), c.atMs]);
  }
  const statsOf = (captions: string[]) => {
    const seen = captions.map((c) => byCaption.get(c)).filter((t): t is number[] => t !== undefined);
    const lateness = seen.map((times) => Math.min(...times) - due.getTime()).sort((a, b) => a - b);
    return {
      received: seen.length,
      lateness,
      duplicates: seen.reduce((n, times) => n + times.length - 1, 0),
      text: `p50 ${percentile(lateness, 50)} ms, p99 ${percentile(lateness, 99)} ms, max ${lateness.at(-1)} ms; early ${lateness.filter((l) => l < 0).length}`,
    };
  };
  const all = statsOf([...captionOf.keys()]);
  const lost = POSTS - posted - failed;
  console.log(
    `  ${label}: received ${all.received}/${POSTS}; lateness ${all.text}; duplicates ${all.duplicates}; posted ${posted}; failed ${failed}; lost ${lost}` +
      (strangers > 0 ? `; ${strangers} creates with a caption the bench never wrote` : ''),
  );
  if (failed > 0) {
    // Why, per network: a failure the bench's own post shape caused would otherwise pass for the engine's.
    const reasons = new Map<string, number>();
    for (const post of (await listTabPage(user.userId, 'failed', { limit: 100 })).items)
      for (const t of post.platforms)
        if (t.status === 'failed') reasons.set(`${t.platform}: ${t.error_message}`, (reasons.get(`${t.platform}: ${t.error_message}`) ?? 0) + 1);
    for (const [reason, n] of reasons) console.log(`  ${label}: failed ×${n} (of the first 100) — ${reason}`);
  }
  if (NETWORKS.length > 1) {
    for (const network of NETWORKS) {
      const mine = [...captionOf].filter(([, p]) => p === network).map(([c]) => c);
      const s = statsOf(mine);
      console.log(`    ${network.padEnd(9)} received ${s.received}/${mine.length}; lateness ${s.text}; duplicates ${s.duplicates}`);
    }
  }
  console.log(`  ${label}: DynamoDB requests per post: ${perPost}`);
  return { posted, failed, lost, duplicates: all.duplicates, lateness: all.lateness };
}

try {
  await control('/reset');
  await control('/limits', { enabled: false });
  console.log(
    `Publishing benchmark: ${POSTS} posts due in the same minute (local cloud, ${os.cpus().length} cores, ${process.env.LOCAL_LAMBDA_WORKERS ?? 1} Lambda worker thread(s), ` +
      `publisher concurrency ${process.env.PUBLISHER_CONCURRENCY || '1000'} per platform queue)`,
  );
  const runs = (process.env.RUNS ?? 'clean,faults').split(',');
  if (NETWORKS.length > 1) {
    console.log(`Networks, round-robin: ${NETWORKS.join(', ')}. Each network's lateness is to the time its stand-in recorded:`);
    for (const network of NETWORKS) console.log(`  ${network.padEnd(9)} ${RECEIPT_TIME[network]}`);
  }
  if (NETWORKS.includes('bluesky') && runs.includes('faults'))
    console.log('  Faults run: timeout_after_acting is injected on every network but Bluesky (its PDS is the real server, with no fault hook).');
  if (runs.includes('clean')) await run('clean', { duplicates: false, timeoutShare: 0 });
  if (runs.includes('faults')) await run('faults', { duplicates: true, timeoutShare: 0.05 });
} finally {
  await cloud.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
