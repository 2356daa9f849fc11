import { createHash, randomBytes } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { SandboxPlatform } from '../../local/sandbox/apps';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { s3Client } from '../../functions/lib/aws';
import { GRAPH_VERSION, hostsFor } from '../../functions/platforms/hosts';
import { createAdapter } from '../../functions/platforms/registry';
import {
  PlatformError,
  type PlatformAdapter,
  type PublishCheckpoint,
  type PublishMedia,
  type PublishRequest,
  type TokenSet,
} from '../../functions/platforms/types';
import { DEMO_IDENTITIES } from '../../local/sandbox/apps';
import type { PublishedPost } from '../../local/sandbox/publish-store';
import { A_TINY_JPEG, aMediaKey, anObjectStoredDirectly } from '../helpers/media';
import { controlTheSandbox as control, sandboxReceipts } from '../helpers/sandbox';
import { theTestsTimeLeft } from '../helpers/then';

/**
 * Each adapter's publishStep, run step by step the way the publisher does, against the sandbox
 * platforms with real presigned media from the local S3: happy paths, the "platform acted but the
 * answer was lost" fault (never two posts), and each injected error class.
 */
const { url: frontDoor, env } = inject('cloud');
const sandbox = env.PLATFORM_SANDBOX_URL!;
const credentials = JSON.parse(env.PLATFORM_CREDENTIALS!) as Record<SandboxPlatform, { clientId: string; clientSecret: string }>;
let clockOffsetMs = 0;

const adapterFor = (platform: SandboxPlatform) =>
  createAdapter(platform, {
    app: { ...credentials[platform], redirectUri: `${frontDoor}/api/oauth/${platform}/callback` },
    hosts: hostsFor(platform, sandbox),
    now: () => new Date(Date.now() + clockOffsetMs),
  });

const advance = async (seconds: number) => {
  await control('POST', '/clock/advance', { seconds });
  clockOffsetMs += seconds * 1000;
};
const receipts = (platform: SandboxPlatform) => sandboxReceipts(platform);
const fault = (body: Record<string, unknown>) => control('POST', '/faults', body);

/** Consent as the first demo identity (all its Pages), code → tokens → the account to post as. */
async function connect(
  platform: SandboxPlatform,
  withoutScope?: string,
): Promise<{ adapter: PlatformAdapter; tokens: TokenSet; accountId: string; accountName: string }> {
  const adapter = adapterFor(platform);
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const who = DEMO_IDENTITIES[platform][0]!;
  const form = new URLSearchParams({ decision: 'allow', identity: who.id });
  for (const page of who.pages ?? []) form.append('pages', page.id);
  const authorize = new URL(adapter.authorizeUrl({ state: 's', codeChallenge: adapter.usesPkce ? challenge : undefined }));
  // A user who unticks one permission on the consent page.
  if (withoutScope) {
    const scopes = authorize.searchParams.get('scope')!.split(/[ ,]/);
    authorize.searchParams.set('scope', scopes.filter((x) => x !== withoutScope).join(','));
  }
  const res = await fetch(authorize, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
  const userTokens = await adapter.exchangeCode({ code, codeVerifier: adapter.usesPkce ? verifier : undefined });
  const [account] = await adapter.profiles(userTokens);
  return { adapter, tokens: account!.tokens, accountId: account!.accountId, accountName: account!.accountName };
}

/** Someone else's post on the same account, straight through the platform's create endpoint. */
async function anotherPost(platform: 'x' | 'facebook', c: { tokens: TokenSet; accountId: string }, text: string) {
  const hosts = hostsFor(platform, sandbox) as { api?: string; graph?: string };
  const res =
    platform === 'x'
      ? await fetch(`${hosts.api}/2/tweets`, {
          method: 'POST',
          headers: { authorization: `Bearer ${c.tokens.accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ text }),
        })
      : await fetch(`${hosts.graph}/${GRAPH_VERSION}/${c.accountId}/feed`, {
          method: 'POST',
          body: new URLSearchParams({ message: text, access_token: c.tokens.accessToken }),
        });
  expect(res.ok, await res.clone().text()).toBe(true);
}

/** A real object in the local media bucket and a presigned GET for it, as the publisher hands out. */
async function aStoredMedia(kind: 'image' | 'video'): Promise<PublishMedia> {
  // A JPEG: Instagram takes nothing else (the app hands it a converted copy of a PNG, see media confirm).
  const bytes = kind === 'image' ? A_TINY_JPEG : Buffer.concat([Buffer.from('\0\0\0 ftypisom'), randomBytes(600 * 1024)]);
  const mimeType = kind === 'image' ? 'image/jpeg' : 'video/mp4';
  const key = aMediaKey('publish-test', kind === 'image' ? 'jpg' : 'mp4');
  await anObjectStoredDirectly(key, bytes, mimeType);
  const url = await getSignedUrl(s3Client(), new GetObjectCommand({ Bucket: process.env.MEDIA_BUCKET, Key: key }), { expiresIn: 3600 });
  return { url, mimeType, sizeBytes: bytes.length, open: async () => bytes };
}

const unreachableImage = (): PublishMedia => ({ url: `${frontDoor}/no-such-bucket/missing.png`, mimeType: 'image/png', sizeBytes: 10 });

interface Run {
  result?: { status: string; platformPostId?: string; postUrl?: string };
  error?: PlatformError;
  checkpoints: PublishCheckpoint[];
  steps: number;
}

/**
 * The publisher's loop: call publishStep with the last saved checkpoint until posted or a final
 * error; a 'wait' advances the sandbox clock; a 'retry' (e.g. a lost answer) calls again. Work the
 * platform does in the background on the real clock (TikTok's download) is polled for, not slept on:
 * the loop asks again until it finishes or the time is up.
 */
async function publish(
  adapter: PlatformAdapter,
  tokens: TokenSet,
  request: PublishRequest,
  options: { retries?: number; checkpoint?: PublishCheckpoint | null } = {},
): Promise<Run> {
  const run: Run = { checkpoints: [], steps: 0 };
  let checkpoint: PublishCheckpoint | null = options.checkpoint ?? null;
  let retries = options.retries ?? 2;
  // The platform's background work may be slow on a loaded machine: ask for as long as the test has left.
  const deadline = Date.now() + theTestsTimeLeft();
  for (; Date.now() < deadline; run.steps++) {
    try {
      const result = await adapter.publishStep({
        tokens,
        request,
        checkpoint,
        saveCheckpoint: async (cp) => {
          checkpoint = cp;
          run.checkpoints.push(cp);
        },
      });
      if (result.status === 'posted') return { ...run, result };
      await advance(result.retryAfterSeconds);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.category === 'retry' && retries-- > 0) continue;
      return { ...run, error };
    }
  }
  throw new Error('publishStep never finished');
}

/** A TikTok Direct Post as the compose panel sends it: privacy chosen by the user, consent given. */
const TIKTOK_PUBLIC = { tiktok_privacy_level: 'PUBLIC_TO_EVERYONE', tiktok_consent: true } as const;

const requestFor = (c: { accountId: string; accountName: string }, overrides: Partial<PublishRequest> = {}): PublishRequest => ({
  accountId: c.accountId,
  accountName: c.accountName,
  caption: `Fresh sourdough at 7am ${randomBytes(3).toString('hex')} #bakery`,
  settings: {},
  media: [],
  ...overrides,
});

async function expectPageShows(url: string, text: string) {
  expect(url.startsWith(`${sandbox}/`)).toBe(true);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(text.split(' ')[0]);
}

beforeEach(async () => {
  clockOffsetMs = 0;
  await control('POST', '/reset');
});

describe('publishing to each sandbox platform', () => {
  it('posts to X and the post URL opens on the sandbox', async () => {
    const x = await connect('x');
    const request = requestFor(x);

    const run = await publish(x.adapter, x.tokens, request);

    expect(run.result).toMatchObject({ status: 'posted' });
    expect(run.result!.postUrl).toBe(`${sandbox}/x/www/${DEMO_IDENTITIES.x[0]!.username}/status/${run.result!.platformPostId}`);
    await expectPageShows(run.result!.postUrl!, request.caption);
    expect(run.checkpoints[0]).toHaveProperty('createAttemptedAt');
    expect(await receipts('x')).toHaveLength(1);
  });

  it('posts a photo to Instagram through a container, and the permalink opens', async () => {
    const ig = await connect('instagram');
    const request = requestFor(ig, { media: [await aStoredMedia('image')] });

    const run = await publish(ig.adapter, ig.tokens, request);

    expect(run.result).toMatchObject({ status: 'posted' });
    expect(run.result!.postUrl).toMatch(new RegExp(`^${sandbox}/instagram/www/p/[\\w-]+/$`));
    await expectPageShows(run.result!.postUrl!, request.caption);
    expect(run.checkpoints.some((cp) => cp.publishAttemptedAt && cp.containerId)).toBe(true);
    const [receipt] = await receipts('instagram');
    expect(receipt).toMatchObject({ postId: run.result!.platformPostId, caption: request.caption });
  });

  it('posts several photos to Instagram as one carousel', async () => {
    const ig = await connect('instagram');
    const request = requestFor(ig, { media: [await aStoredMedia('image'), await aStoredMedia('image')] });

    const run = await publish(ig.adapter, ig.tokens, request);

    expect(run.result).toMatchObject({ status: 'posted' });
    expect(((await control('GET', '/posts?platform=instagram')).posts as PublishedPost[])[0]).toMatchObject({
      kind: 'carousel',
      mediaUrls: expect.arrayContaining([expect.any(String)]),
    });
  });

  it('posts a video to Instagram as a reel, waiting for processing', async () => {
    const ig = await connect('instagram');
    await control('POST', '/processing', { platform: 'instagram', seconds: 30 });

    const run = await publish(ig.adapter, ig.tokens, requestFor(ig, { media: [await aStoredMedia('video')] }));

    expect(run.result).toMatchObject({ status: 'posted' });
    expect(run.steps).toBeGreaterThan(1);
    expect(((await control('GET', '/posts?platform=instagram')).posts as PublishedPost[])[0].kind).toBe('reel');
  });

  it.each([
    ['text', 0, 'text'],
    ['a photo', 1, 'photo'],
    ['several photos', 2, 'photos'],
  ] as const)('posts %s to a Facebook Page', async (_label, images, kind) => {
    const fb = await connect('facebook');
    const media = await Promise.all(Array.from({ length: images }, () => aStoredMedia('image')));
    const request = requestFor(fb, { media });

    const run = await publish(fb.adapter, fb.tokens, request);

    expect(run.result).toMatchObject({ status: 'posted' });
    await expectPageShows(run.result!.postUrl!, request.caption);
    expect(((await control('GET', '/posts?platform=facebook')).posts as PublishedPost[])[0].kind).toBe(kind);
    expect(await receipts('facebook')).toHaveLength(1);
  });

  it('posts a video to a Facebook Page and waits for its processing', async () => {
    const fb = await connect('facebook');

    const run = await publish(fb.adapter, fb.tokens, requestFor(fb, { media: [await aStoredMedia('video')] }));

    expect(run.result).toMatchObject({ status: 'posted' });
    expect(run.result!.postUrl).toContain(`/facebook/www/${fb.accountId}/videos/`);
    expect(run.steps).toBeGreaterThan(0);
  });

  it('posts a public video to TikTok, polling the status until the post id arrives', async () => {
    const tt = await connect('tiktok');
    const request = requestFor(tt, { settings: TIKTOK_PUBLIC, media: [await aStoredMedia('video')] });

    const run = await publish(tt.adapter, tt.tokens, request);

    expect(run.result).toMatchObject({ status: 'posted' });
    expect(run.result!.postUrl).toBe(`${sandbox}/tiktok/www/@${DEMO_IDENTITIES.tiktok[0]!.username}/video/${run.result!.platformPostId}`);
    expect(run.result!.platformPostId).toMatch(/^\d{19}$/);
    await expectPageShows(run.result!.postUrl!, request.caption);
  });

  it('posts a private TikTok as SELF_ONLY and a draft to the inbox', async () => {
    const tt = await connect('tiktok');

    const privately = await publish(tt.adapter, tt.tokens, requestFor(tt, { settings: { tiktok_private: true }, media: [await aStoredMedia('video')] }));
    const draft = await publish(tt.adapter, tt.tokens, requestFor(tt, { settings: { tiktok_draft: true }, media: [await aStoredMedia('video')] }));

    expect(privately.result!.postUrl).toBe(`${sandbox}/tiktok/www/@${DEMO_IDENTITIES.tiktok[0]!.username}`);
    expect(draft.result!.platformPostId).toMatch(/^v_pub_file~/);
    const posts = (await control('GET', '/posts?platform=tiktok')).posts as { visibility: string }[];
    expect(posts.map((p) => p.visibility).sort()).toEqual(['inbox', 'private']);
  });

  it('uploads a Short to YouTube in resumable chunks and waits for processing', async () => {
    const yt = await connect('youtube');
    const request = requestFor(yt, { title: 'Morning bake #shorts', media: [await aStoredMedia('video')] });

    const run = await publish(yt.adapter, yt.tokens, request);

    expect(run.result).toMatchObject({ status: 'posted' });
    expect(run.result!.postUrl).toBe(`${sandbox}/youtube/www/watch?v=${run.result!.platformPostId}`);
    await expectPageShows(run.result!.postUrl!, 'Morning');
    expect(run.checkpoints.filter((cp) => cp.sessionUri).length).toBeGreaterThan(1);
  });
});

describe('when the platform acted but the answer was lost', () => {
  it.each([
    ['x', 0],
    ['facebook', 0],
    ['instagram', 1],
    ['youtube', 1],
  ] as const)('%s never posts twice, and ends posted through recovery', async (platform, images) => {
    const c = await connect(platform);
    const media = platform === 'youtube' ? [await aStoredMedia('video')] : await Promise.all(Array.from({ length: images }, () => aStoredMedia('image')));
    await fault({ platform, error: 'timeout_after_acting' });

    const run = await publish(c.adapter, c.tokens, requestFor(c, { media, ...(platform === 'youtube' ? { title: 'Timeout #shorts' } : {}) }));

    const got = await receipts(platform);
    expect(got).toHaveLength(1);
    expect(run.result).toMatchObject({ status: 'posted', platformPostId: got[0]!.postId });
  });

  it.each(['x', 'facebook'] as const)('%s finds the lost post through recovery when 250 other posts went out after it', async (platform) => {
    const c = await connect(platform);
    const request = requestFor(c);
    // 250 creates in a burst are beyond the per-account quotas; this test is about the lookup.
    await control('POST', '/limits', { enabled: false });
    try {
      await fault({ platform, error: 'timeout_after_acting' });
      const lost = await publish(c.adapter, c.tokens, request, { retries: 0 });
      expect(lost.error).toMatchObject({ category: 'retry' });
      expect(lost.checkpoints.at(-1)).toHaveProperty('createAttemptedAt');

      await Promise.all(Array.from({ length: 250 }, (_, i) => anotherPost(platform, c, `Other post ${i} ${randomBytes(3).toString('hex')}`)));

      const run = await publish(c.adapter, c.tokens, request, { checkpoint: lost.checkpoints.at(-1)!, retries: 0 });

      const got = await receipts(platform);
      expect(got).toHaveLength(251);
      const ours = got.filter((r) => r.caption === request.caption);
      expect(ours).toHaveLength(1);
      expect(run.result).toMatchObject({ status: 'posted', platformPostId: ours[0]!.postId });
    } finally {
      await control('POST', '/limits', { enabled: true });
    }
  });

  it('TikTok inits a video again after a lost init, whose bytes never came, and posts it once', async () => {
    const tt = await connect('tiktok');
    await fault({ platform: 'tiktok', error: 'timeout_after_acting' });
    const request = requestFor(tt, { settings: TIKTOK_PUBLIC, media: [await aStoredMedia('video')] });

    const run = await publish(tt.adapter, tt.tokens, request);

    // FILE_UPLOAD: the first init, whose answer was lost, never got its bytes and publishes nothing.
    expect(run.result).toMatchObject({ status: 'posted' });
    expect(run.checkpoints).toContainEqual({ reinits: 1 });
    await advance(30);
    expect((await receipts('tiktok')).filter((r) => r.caption === request.caption)).toHaveLength(1);
  });

  it('Facebook without any trace of the post says the outcome is unknown', async () => {
    const fb = await connect('facebook');
    const request = requestFor(fb);
    const attempted = { kind: 'feed', createAttemptedAt: new Date(Date.now() - 60_000).toISOString() };

    const run = await publish(fb.adapter, fb.tokens, request, { checkpoint: attempted });

    expect(run.error).toMatchObject({ category: 'unknown-outcome' });
    expect(await receipts('facebook')).toHaveLength(0);
  });
});

describe('injected publishing errors', () => {
  it.each([
    ['x', 'rate_limit', 'backoff'],
    ['x', 'server_error', 'retry'],
    ['x', 'duplicate', 'stop'],
    ['x', 'token_revoked', 'reauth'],
    ['x', 'daily_limit', 'backoff'],
    ['facebook', 'rate_limit', 'backoff'],
    ['facebook', 'server_error', 'retry'],
    ['facebook', 'duplicate', 'stop'],
    ['facebook', 'token_expired', 'reauth'],
    ['facebook', 'media_unreachable', 'fix-input'],
    ['facebook', 'processing_failed', 'fix-input'],
    ['instagram', 'rate_limit', 'backoff'],
    ['instagram', 'server_error', 'retry'],
    ['instagram', 'daily_limit', 'backoff'],
    ['instagram', 'token_revoked', 'reauth'],
    ['instagram', 'media_unreachable', 'fix-input'],
    ['instagram', 'processing_failed', 'fix-input'],
    ['tiktok', 'rate_limit', 'backoff'],
    ['tiktok', 'server_error', 'retry'],
    ['tiktok', 'daily_limit', 'backoff'],
    ['tiktok', 'token_expired', 'reauth'],
    ['tiktok', 'processing_failed', 'fix-input'],
    ['youtube', 'quota_exceeded', 'stop'],
    ['youtube', 'upload_limit', 'backoff'],
    ['youtube', 'rate_limit', 'backoff'],
    ['youtube', 'server_error', 'retry'],
    ['youtube', 'token_revoked', 'reauth'],
    ['youtube', 'processing_failed', 'fix-input'],
  ] as const)('%s %s → %s with a plain-language message', async (platform, error, category) => {
    const c = await connect(platform);
    const needsVideo = platform === 'tiktok' || platform === 'youtube' || (error === 'processing_failed' && platform === 'facebook');
    const media = needsVideo
      ? [await aStoredMedia('video')]
      : platform === 'instagram'
        ? [await aStoredMedia('image')]
        : error === 'media_unreachable'
          ? [await aStoredMedia('image')]
          : [];
    await fault({ platform, error, times: error === 'media_unreachable' ? 5 : 1, resetSeconds: 600 });

    const run = await publish(
      c.adapter,
      c.tokens,
      requestFor(c, { media, ...(platform === 'youtube' ? { title: 'Err #shorts' } : {}), ...(platform === 'tiktok' ? { settings: TIKTOK_PUBLIC } : {}) }),
      { retries: 0 },
    );

    expect(run.error).toBeInstanceOf(PlatformError);
    expect(run.error!.category).toBe(category);
    expect(run.error!.message).not.toMatch(/undefined|\[object/);
    if (error === 'token_revoked' || error === 'token_expired') expect(run.error!.message).toMatch(/reconnect it on Platforms/);
    if (error === 'rate_limit' && platform !== 'tiktok') expect(run.error!.details.retryAfterSeconds).toBeGreaterThan(0);
    if (platform === 'instagram' && error === 'daily_limit')
      expect(run.error!.message).toMatch(/daily publishing limit is reached; try again after \d\d:\d\d UTC/);
  });

  it('a transient 5xx on X is retried and then posts once', async () => {
    const x = await connect('x');
    await fault({ platform: 'x', error: 'server_error' });

    const run = await publish(x.adapter, x.tokens, requestFor(x));

    expect(run.result).toMatchObject({ status: 'posted' });
    expect(await receipts('x')).toHaveLength(1);
  });

  it('the receipts log can be reset', async () => {
    const x = await connect('x');
    await publish(x.adapter, x.tokens, requestFor(x));

    await control('DELETE', '/receipts');

    expect(await receipts('x')).toHaveLength(0);
  });

  it('Instagram fails with the documented error when the media URL is not reachable', async () => {
    const ig = await connect('instagram');

    const run = await publish(ig.adapter, ig.tokens, requestFor(ig, { media: [unreachableImage()] }));

    expect(run.error).toMatchObject({ category: 'fix-input', details: { code: '9004/2207052' } });
  });
});

describe('Facebook multi-photo posts, as the Graph refuses them', () => {
  /** POST /{page-id}/{edge} with the Page token. */
  async function pagePost(c: { tokens: TokenSet; accountId: string }, edge: string, params: Record<string, string>) {
    const hosts = hostsFor('facebook', sandbox) as { graph: string };
    const res = await fetch(`${hosts.graph}/${GRAPH_VERSION}/${c.accountId}/${edge}`, {
      method: 'POST',
      body: new URLSearchParams({ ...params, access_token: c.tokens.accessToken }),
    });
    return { status: res.status, body: (await res.json()) as { id?: string; error?: { code: number } } };
  }

  it('attaches unpublished photos of the Page once; a photo already attached, or unknown, is refused', async () => {
    const fb = await connect('facebook');
    const image = await aStoredMedia('image');
    const first = (await pagePost(fb, 'photos', { url: image.url, published: 'false' })).body.id!;
    const second = (await pagePost(fb, 'photos', { url: image.url, published: 'false' })).body.id!;
    const attach = (...ids: string[]) => JSON.stringify(ids.map((media_fbid) => ({ media_fbid })));

    const posted = await pagePost(fb, 'feed', { message: 'Two loaves', attached_media: attach(first, second) });
    const again = await pagePost(fb, 'feed', { message: 'Two loaves again', attached_media: attach(first) });
    const unknown = await pagePost(fb, 'feed', { message: 'Nothing', attached_media: attach('999999') });

    expect(posted.status).toBe(200);
    expect(again).toMatchObject({ status: 400, body: { error: { code: 100 } } });
    expect(unknown).toMatchObject({ status: 400, body: { error: { code: 100 } } });
    const ours = (await control('GET', '/posts?platform=facebook')).posts as PublishedPost[];
    expect(ours.filter((p) => p.kind === 'photos')).toHaveLength(1);
    expect(ours.find((p) => p.kind === 'photos')!.mediaUrls).toHaveLength(2);
  });

  it('publishes nothing from unpublished photos alone: they stay invisible until the feed post', async () => {
    const fb = await connect('facebook');
    const image = await aStoredMedia('image');

    await pagePost(fb, 'photos', { url: image.url, published: 'false' });

    expect((await control('GET', '/posts?platform=facebook')).posts as PublishedPost[]).toEqual([]);
    expect(await receipts('facebook')).toEqual([]);
  });
});

describe('first comments and X threads against the sandbox', () => {
  const comments = async () => ((await control('GET', '/comments')).comments ?? []) as { platform: string; parentId: string; text: string }[];
  const withoutComments = (scope: string) => scope.replace(/,?instagram_business_manage_comments/, '');

  it('posts an X thread as a reply chain with a first comment, and a duplicate delivery posts nothing more', async () => {
    const x = await connect('x');
    const tag = randomBytes(3).toString('hex');
    const request = requestFor(x, { settings: { thread: [`Part two ${tag}`, `Part three ${tag}`], first_comment: `Recipe ${tag}` } });

    const run = await publish(x.adapter, x.tokens, request);
    const again = await publish(x.adapter, x.tokens, request, { checkpoint: run.checkpoints.at(-1)! });

    expect(run.result).toMatchObject({ status: 'posted', followUps: { thread: { total: 3, posted: 3 }, first_comment: { status: 'posted' } } });
    expect(again.result).toMatchObject({ platformPostId: run.result!.platformPostId });
    expect((await receipts('x')).map((r) => r.caption)).toEqual([request.caption, `Part two ${tag}`, `Part three ${tag}`, `Recipe ${tag}`]);
  });

  it('when part 3 fails, parts 1 and 2 stay, and the retry continues from part 3', async () => {
    const x = await connect('x');
    const request = requestFor(x, { settings: { thread: ['Second part', 'Third part'] } });
    // Two creates go through (the post and part 2); X then fails with 503s until the retries run out.
    await fault({ platform: 'x', endpoint: '/api/2/tweets', method: 'POST', error: 'server_error', skip: 2, times: 3 });

    const run = await publish(x.adapter, x.tokens, request);

    expect(run.error).toMatchObject({ category: 'retry', message: "Posted 2 of 3 parts: part 3 failed: X had a temporary problem; we'll try again." });
    expect(await receipts('x')).toHaveLength(2);
    const retry = await publish(x.adapter, x.tokens, request, { checkpoint: run.checkpoints.at(-1)! });
    expect(retry.result).toMatchObject({ followUps: { thread: { posted: 3, total: 3 } } });
    expect((await receipts('x')).map((r) => r.caption)).toEqual([request.caption, 'Second part', 'Third part']);
  });

  it('refuses a reply to a post that does not exist, as X does', async () => {
    const x = await connect('x');
    const res = await fetch(`${hostsFor('x', sandbox).api}/2/tweets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${x.tokens.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Hello', reply: { in_reply_to_tweet_id: '1999999999999999999' } }),
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('deleted or not visible to you');
  });

  it('comments once on an Instagram photo even when the message is delivered twice', async () => {
    const ig = await connect('instagram');
    const request = requestFor(ig, { media: [await aStoredMedia('image')], settings: { first_comment: '#bakery #sourdough' } });

    const run = await publish(ig.adapter, ig.tokens, request);
    await publish(ig.adapter, ig.tokens, request, { checkpoint: run.checkpoints.at(-1)! });

    expect(run.result).toMatchObject({ status: 'posted', followUps: { first_comment: { status: 'posted', url: run.result!.postUrl } } });
    expect(await comments()).toEqual([expect.objectContaining({ platform: 'instagram', parentId: run.result!.platformPostId, text: '#bakery #sourdough' })]);
  });

  it('an Instagram grant without instagram_business_manage_comments: the sandbox refuses the comment, the post stays posted, and the card says to reconnect', async () => {
    const adapter = adapterFor('instagram');
    const authorize = new URL(adapter.authorizeUrl({ state: 's' }));
    authorize.searchParams.set('scope', withoutComments(authorize.searchParams.get('scope')!));
    const form = new URLSearchParams({ decision: 'allow', identity: DEMO_IDENTITIES.instagram[0]!.id });
    const res = await fetch(authorize, { method: 'POST', body: form, redirect: 'manual' });
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    const [account] = await adapter.profiles(await adapter.exchangeCode({ code }));
    // Scopes not recorded (as on grants from before they were kept): the platform's own refusal decides.
    const { scopes: _unrecorded, ...tokens } = account!.tokens;
    const request = requestFor(account!, { media: [await aStoredMedia('image')], settings: { first_comment: 'Link in bio' } });

    const run = await publish(adapter, tokens, request);

    expect(run.result).toMatchObject({
      status: 'posted',
      followUps: { first_comment: { status: 'failed', error: 'Reconnect Instagram to post first comments.' } },
    });
    expect(await comments()).toHaveLength(0);
  });

  it('comments on a Facebook Page post as the Page', async () => {
    const fb = await connect('facebook');
    const request = requestFor(fb, { settings: { first_comment: 'Order at the counter' } });

    const run = await publish(fb.adapter, fb.tokens, request);

    expect(run.result).toMatchObject({ status: 'posted', followUps: { first_comment: { status: 'posted' } } });
    expect(await comments()).toEqual([expect.objectContaining({ platform: 'facebook', parentId: run.result!.platformPostId, text: 'Order at the counter' })]);
  });

  it.each([
    ['instagram', 1],
    ['facebook', 1],
  ] as const)(
    '%s: when the comment answer is lost, finds the comment by listing the post comments as the edge allows, and comments once',
    async (platform, postsBefore) => {
      const c = await connect(platform);
      const media = platform === 'instagram' ? [await aStoredMedia('image')] : [];
      const request = requestFor(c, { media, settings: { first_comment: `Fresh at 7 ${randomBytes(3).toString('hex')}` } });
      // The post's own creates go through; the comment's create acts, then its answer is lost.
      await fault({ platform, method: 'POST', error: 'timeout_after_acting', skip: postsBefore, times: 1 });

      const run = await publish(c.adapter, c.tokens, request);

      expect(run.result).toMatchObject({ status: 'posted', followUps: { first_comment: { status: 'posted' } } });
      expect((await comments()).filter((x) => x.platform === platform)).toHaveLength(1);
    },
  );

  it('lists a Facebook post comments only with pages_read_user_content, and the IG Media comments edge takes no order', async () => {
    const fb = await connect('facebook', 'pages_read_user_content');
    const ig = await connect('instagram');
    const fbPost = await publish(fb.adapter, fb.tokens, requestFor(fb));
    const igPost = await publish(ig.adapter, ig.tokens, requestFor(ig, { media: [await aStoredMedia('image')] }));
    const list = (platform: 'facebook' | 'instagram', id: string, token: string, extra = '') =>
      fetch(
        `${(hostsFor(platform, sandbox) as { graph: string }).graph}/${GRAPH_VERSION}/${id}/comments?fields=id&access_token=${encodeURIComponent(token)}${extra}`,
      );

    const fbRefused = await list('facebook', fbPost.result!.platformPostId!, fb.tokens.accessToken);
    const igOrdered = await list('instagram', igPost.result!.platformPostId!, ig.tokens.accessToken, '&order=reverse_chronological');
    const igPlain = await list('instagram', igPost.result!.platformPostId!, ig.tokens.accessToken);

    expect(fbRefused.status).toBe(403);
    expect(await fbRefused.json()).toMatchObject({ error: { code: 10, message: expect.stringContaining('pages_read_user_content') } });
    expect(igOrdered.status).toBe(400);
    expect(igPlain.status).toBe(200);
  });

  it('comments on a YouTube video with commentThreads.insert', async () => {
    const yt = await connect('youtube');
    const request = requestFor(yt, {
      title: 'Morning bake #shorts',
      media: [await aStoredMedia('video')],
      settings: { first_comment: 'Full recipe in the description' },
    });

    const run = await publish(yt.adapter, yt.tokens, request);

    expect(run.result).toMatchObject({ status: 'posted', followUps: { first_comment: { status: 'posted' } } });
    expect(await comments()).toEqual([expect.objectContaining({ platform: 'youtube', parentId: run.result!.platformPostId })]);
  });
});
