import { randomBytes } from 'node:crypto';
import type { TikTokSettings } from '@shared/tiktok';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { hostsFor } from '../../functions/platforms/hosts';
import { createAdapter } from '../../functions/platforms/registry';
import { PlatformError, type PublishCheckpoint, type PublishMedia, type TokenSet } from '../../functions/platforms/types';
import { DEMO_IDENTITIES } from '../../local/sandbox/apps';
import { controlTheSandbox, sandboxCreatorInfoOf } from '../helpers/sandbox';

/**
 * TikTok Direct Post as TikTok's Content Sharing Guidelines and Media Transfer Guide have it, held
 * against the sandbox, which enforces the same rules: the creator's own privacy options and
 * interaction switches, branded content never private, an unaudited client posting SELF_ONLY only,
 * FILE_UPLOAD chunks, the creator's maximum duration, and verified URL prefixes for PULL_FROM_URL.
 */
const { url: frontDoor, env } = inject('cloud');
const sandbox = env.PLATFORM_SANDBOX_URL!;
const credentials = JSON.parse(env.PLATFORM_CREDENTIALS!) as Record<'tiktok', { clientId: string; clientSecret: string }>;
const api = `${sandbox}/tiktok/api`;
const [ADA, CAFE] = DEMO_IDENTITIES.tiktok as [(typeof DEMO_IDENTITIES.tiktok)[number], (typeof DEMO_IDENTITIES.tiktok)[number]];
let clockOffsetMs = 0;

const adapter = createAdapter('tiktok', {
  app: { ...credentials.tiktok, redirectUri: `${frontDoor}/api/oauth/tiktok/callback` },
  hosts: hostsFor('tiktok', sandbox),
  now: () => new Date(Date.now() + clockOffsetMs),
});

/** Consent as `who`, code → tokens. */
async function connectAs(who: { id: string }): Promise<{ tokens: TokenSet; accountId: string; accountName: string }> {
  const form = new URLSearchParams({ decision: 'allow', identity: who.id });
  const res = await fetch(adapter.authorizeUrl({ state: 's' }), { method: 'POST', body: form, redirect: 'manual' });
  const tokens = await adapter.exchangeCode({ code: new URL(res.headers.get('location')!).searchParams.get('code')! });
  const [account] = await adapter.profiles(tokens);
  return { tokens, accountId: account!.accountId, accountName: account!.accountName };
}

/** A minimal MP4 whose `mvhd` box says how long it is (what TikTok reads the duration from). */
function anMp4(seconds: number, padding = 2000): Buffer {
  const mvhd = Buffer.alloc(108);
  mvhd.writeUInt32BE(108, 0);
  mvhd.write('mvhd', 4);
  mvhd.writeUInt32BE(1000, 20); // timescale
  mvhd.writeUInt32BE(seconds * 1000, 24); // duration
  const moov = Buffer.concat([Buffer.from([0, 0, 0, 116]), Buffer.from('moov'), mvhd]);
  return Buffer.concat([Buffer.from('\0\0\0\x18ftypisom\0\0\0\0isommp42'), moov, randomBytes(padding)]);
}
const aVideo = (bytes = anMp4(15)): PublishMedia => ({
  url: 'https://media.example/not-used-with-file-upload.mp4',
  mimeType: 'video/mp4',
  sizeBytes: bytes.length,
  open: async () => bytes,
});

/** The publisher's loop: publishStep with the last checkpoint until posted or a final error. */
async function publish(c: { tokens: TokenSet; accountId: string; accountName: string }, settings: TikTokSettings, media = [aVideo()]) {
  let checkpoint: PublishCheckpoint | null = null;
  for (let step = 0; step < 20; step++) {
    try {
      const result = await adapter.publishStep({
        tokens: c.tokens,
        request: { accountId: c.accountId, accountName: c.accountName, caption: `Fresh bake ${randomBytes(3).toString('hex')}`, settings, media },
        checkpoint,
        saveCheckpoint: async (cp) => {
          checkpoint = cp;
        },
      });
      if (result.status === 'posted') return { result };
      await controlTheSandbox('POST', '/clock/advance', { seconds: result.retryAfterSeconds });
      clockOffsetMs += result.retryAfterSeconds * 1000;
    } catch (error) {
      if (error instanceof PlatformError) return { error };
      throw error;
    }
  }
  throw new Error('publishStep never finished');
}

const post = (path: string, token: string, body: unknown) =>
  fetch(`${api}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=UTF-8' },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as { data: Record<string, unknown>; error: { code: string; message: string } } }));
const put = (url: string, bytes: Buffer, headers: Record<string, string>) => fetch(url, { method: 'PUT', headers, body: new Uint8Array(bytes) });

const MIB = 1024 * 1024;
const PUBLIC: TikTokSettings = { tiktok_privacy_level: 'PUBLIC_TO_EVERYONE', tiktok_consent: true };

beforeEach(async () => {
  clockOffsetMs = 0;
  await controlTheSandbox('POST', '/reset');
});

describe('TikTok creator_info', () => {
  it("gives each creator's own privacy options, interaction switches and maximum duration", async () => {
    const ada = await connectAs(ADA);
    const cafe = await connectAs(CAFE);

    expect(await adapter.creatorInfo(ada.tokens)).toEqual(sandboxCreatorInfoOf(ADA));
    expect(await adapter.creatorInfo(cafe.tokens)).toMatchObject({
      privacy_level_options: ['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
      comment_disabled: true,
      max_video_post_duration_sec: 60,
    });
  });
});

describe('TikTok Direct Post against the sandbox', () => {
  it('uploads the file in one chunk and posts with the privacy the user chose', async () => {
    const ada = await connectAs(ADA);

    const run = await publish(ada, { tiktok_privacy_level: 'MUTUAL_FOLLOW_FRIENDS', tiktok_allow_comment: true, tiktok_consent: true });

    expect(run.result).toMatchObject({ status: 'posted', postUrl: expect.stringContaining(`/@${ADA.username}/video/`) });
  });

  it('is refused by TikTok when it allows comments the creator turned off', async () => {
    const cafe = await connectAs(CAFE);

    const refused = await publish(cafe, { tiktok_privacy_level: 'FOLLOWER_OF_CREATOR', tiktok_allow_comment: true, tiktok_consent: true });
    const allowed = await publish(cafe, { tiktok_privacy_level: 'FOLLOWER_OF_CREATOR', tiktok_consent: true });

    expect(refused.error).toMatchObject({ category: 'fix-input', details: { status: 400, code: 'invalid_param' } });
    expect(refused.error!.message).toMatch(/comments off/);
    expect(allowed.result).toMatchObject({ status: 'posted' });
  });

  it('is refused by TikTok for branded content that only the creator could see', async () => {
    const ada = await connectAs(ADA);

    const run = await publish(ada, { tiktok_privacy_level: 'SELF_ONLY', tiktok_commercial: true, tiktok_branded_content: true, tiktok_consent: true });

    expect(run.error).toMatchObject({ category: 'fix-input', details: { code: 'invalid_param' } });
  });

  it('fails with the duration message when the video is longer than the creator may post', async () => {
    const cafe = await connectAs(CAFE);

    const run = await publish(cafe, { tiktok_privacy_level: 'SELF_ONLY', tiktok_consent: true }, [aVideo(anMp4(90))]);

    expect(run.error).toMatchObject({ category: 'fix-input', details: { code: 'duration_check_failed' } });
    expect(run.error!.message).toBe('The video is longer than this TikTok account may post.');
  });

  it('as an unaudited client, posts Only me and is refused anything more public', async () => {
    await controlTheSandbox('POST', '/tiktok/app', { audited: false });
    const ada = await connectAs(ADA);

    const publicRun = await publish(ada, PUBLIC);
    const privateRun = await publish(ada, { tiktok_privacy_level: 'SELF_ONLY', tiktok_consent: true });

    expect(publicRun.error).toMatchObject({ category: 'fix-input', details: { status: 403, code: 'unaudited_client_can_only_post_to_private_accounts' } });
    expect(publicRun.error!.message).toBe('TikTok only allows private (Only me) posts from this app until TikTok audits it; choose Only me.');
    expect(privateRun.result).toMatchObject({ status: 'posted' });
  });
});

describe("the sandbox's TikTok rules, asked directly", () => {
  it("refuses a privacy level outside the creator's options with privacy_level_option_mismatch", async () => {
    const cafe = await connectAs(CAFE);

    const res = await post('/v2/post/publish/video/init/', cafe.tokens.accessToken, {
      post_info: { title: 't', privacy_level: 'PUBLIC_TO_EVERYONE', disable_comment: true, disable_duet: true, disable_stitch: true },
      source_info: { source: 'FILE_UPLOAD', video_size: 1000, chunk_size: 1000, total_chunk_count: 1 },
    });

    expect(res).toMatchObject({ status: 403, body: { data: {}, error: { code: 'privacy_level_option_mismatch' } } });
  });

  it.each([
    ['a small video split in chunks', 4 * MIB, 2 * MIB, 2],
    ['a video over 64 MB in one chunk', 70 * MIB, 70 * MIB, 1],
    ['chunks over 64 MB', 200 * MIB, 100 * MIB, 2],
    ['a chunk count that is not floor(size / chunk)', 20 * MIB, 5 * MIB, 3],
    ['no chunk size', 1000, 0, 1],
  ])('refuses FILE_UPLOAD init with %s', async (_case, size, chunk, count) => {
    const ada = await connectAs(ADA);

    const res = await post('/v2/post/publish/inbox/video/init/', ada.tokens.accessToken, {
      source_info: { source: 'FILE_UPLOAD', video_size: size, chunk_size: chunk, total_chunk_count: count },
    });

    expect(res).toMatchObject({ status: 400, body: { error: { code: 'invalid_param' } } });
  });

  it('takes the chunks in order, each exactly chunk_size but the last, with a video Content-Type', async () => {
    const ada = await connectAs(ADA);
    const size = 12 * MIB;
    const bytes = randomBytes(size);
    const init = await post('/v2/post/publish/inbox/video/init/', ada.tokens.accessToken, {
      source_info: { source: 'FILE_UPLOAD', video_size: size, chunk_size: 5 * MIB, total_chunk_count: 2 },
    });
    const url = init.body.data.upload_url as string;
    const range = (a: number, b: number) => `bytes ${a}-${b - 1}/${size}`;

    const wrongType = await put(url, bytes.subarray(0, 5 * MIB), { 'content-type': 'application/octet-stream', 'content-range': range(0, 5 * MIB) });
    const wrongSize = await put(url, bytes.subarray(0, 6 * MIB), { 'content-type': 'video/mp4', 'content-range': range(0, 6 * MIB) });
    const outOfOrder = await put(url, bytes.subarray(5 * MIB), { 'content-type': 'video/mp4', 'content-range': range(5 * MIB, size) });
    const first = await put(url, bytes.subarray(0, 5 * MIB), { 'content-type': 'video/mp4', 'content-range': range(0, 5 * MIB) });
    const last = await put(url, bytes.subarray(5 * MIB), { 'content-type': 'video/mp4', 'content-range': range(5 * MIB, size) });

    expect([wrongType.status, wrongSize.status, outOfOrder.status, first.status, last.status]).toEqual([400, 400, 416, 206, 201]);
    expect(first.headers.get('content-range')).toBe(`bytes 0-${5 * MIB - 1}/${size}`);
  });

  it('pulls from a URL only under a prefix verified for the app', async () => {
    const ada = await connectAs(ADA);
    const pull = (video_url: string) =>
      post('/v2/post/publish/inbox/video/init/', ada.tokens.accessToken, { source_info: { source: 'PULL_FROM_URL', video_url } });

    const unverified = await pull('https://media-bucket.s3.amazonaws.com/u/v.mp4?X-Amz-Signature=abc');
    await controlTheSandbox('POST', '/tiktok/app', { verifiedUrlPrefixes: ['https://media.example.com/tiktok/'] });
    const verified = await pull('https://media.example.com/tiktok/v.mp4');

    expect(unverified).toMatchObject({ status: 403, body: { error: { code: 'url_ownership_unverified' } } });
    expect(verified.status).toBe(200);
  });
});
