import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ulid } from 'ulid';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIKTOK_MIXED_MESSAGE, tiktokPhotoFormatMessage } from '@shared/media-rules';
import { listWorkspaceItems } from '../../functions/data/table';
import { dispatchPost } from '../../functions/publishing/use-cases/dispatch';
import { awsDispatchEngine } from '../../functions/publishing/wiring';
import { pullSigner } from '../../functions/lib/media-pull';
import { hostsFor } from '../../functions/platforms/hosts';
import { createAdapter } from '../../functions/platforms/registry';
import { LOCAL_PULL_KEY_PAIR_ID } from '../../local/media-pull';
import { DEMO_IDENTITIES } from '../../local/sandbox/apps';
import type { PublishedPost } from '../../local/sandbox/publish-store';
import { connect } from '../helpers/connect';
import { aConfirmedUser, cloud } from '../helpers/given';
import { A_TINY_JPEG, A_TINY_PNG, aMediaKey, anImageOf, anObjectStoredDirectly, anUploadedImage, anUploadedVideo, aPng, aVideoFile } from '../helpers/media';
import { aPostDueIn } from '../helpers/due';
import { controlTheSandbox as control, sandboxReceipts } from '../helpers/sandbox';
import { theSettledPost } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/**
 * TikTok photo posts (docs/tiktok.md#photo-posts) through the API, the local Scheduler/SQS, the real
 * publisher and adapter, the front door's signed /media-pull/ URLs and the sandbox's content/init, which
 * downloads every photo the way TikTok pulls them.
 */
const SELF_ONLY = { tiktok_privacy_level: 'SELF_ONLY', tiktok_consent: true } as const;
const uniqueCaption = (what: string) => `${what} ${ulid().slice(-8)}`;
const tiktokPosts = async () => (await control('GET', '/posts?platform=tiktok')).posts as PublishedPost[];
const publicKeyFile = () => path.join(path.dirname(cloud().env.MEDIA_PULL_PRIVATE_KEY_FILE!), 'public-key.pem');
let savedPublicKey: string | undefined;

async function aTikTokCreator() {
  const user = await aConfirmedUser({ plan: 'pro' });
  await connect('tiktok', user.accessToken);
  const { accounts } = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body as { accounts: { id: string; platform: string }[] };
  return { ...user, accountId: accounts.find((a) => a.platform === 'tiktok')!.id };
}

async function jpegs(token: string, n: number) {
  const bytes = await anImageOf(1080, 1350);
  return Promise.all(Array.from({ length: n }, (_, i) => anUploadedImage(token, { name: `bake-${i + 1}.jpg`, type: 'image/jpeg', bytes })));
}

async function aPhotoPostDueNow(n: number, caption: string) {
  const user = await aTikTokCreator();
  const files = await jpegs(user.accessToken, n);
  const post = await aPostDueIn(2, user.accessToken, (scheduledAt) => ({
    scheduled_at: scheduledAt,
    platforms: [{ platform: 'tiktok', social_account_id: user.accountId, caption, settings: { ...SELF_ONLY, tiktok_photo_title: 'Three loaves' } }],
    media_ids: files.map((f) => f.id),
  }));
  await dispatchPost({ userId: user.userId, postId: post.id, version: post.version }, awsDispatchEngine);
  return { user, post };
}

beforeEach(async () => {
  await control('POST', '/reset');
  await control('POST', '/processing', { platform: 'tiktok', seconds: 1 });
});

afterEach(() => {
  if (savedPublicKey !== undefined) fs.writeFileSync(publicKeyFile(), savedPublicKey);
  savedPublicKey = undefined;
});

describe('a TikTok photo post of three JPEGs', () => {
  it('publishes once, after TikTok downloaded all three photos from their signed URLs', { timeout: 120_000 }, async () => {
    // Act
    const caption = uniqueCaption('Morning bake');
    const { user, post } = await aPhotoPostDueNow(3, caption);
    const done = await theSettledPost(user.accessToken, post.id, 90_000);

    // Assess: posted, one receipt, three photos pulled from the verified prefix
    expect(done.status, done.error_message ?? '').toBe('posted');
    expect((await sandboxReceipts('tiktok')).filter((r) => r.caption === caption)).toHaveLength(1);
    const [published] = (await tiktokPosts()).filter((p) => p.text === caption);
    expect(published).toMatchObject({ kind: 'photos', visibility: 'private', mediaPulled: 3 });
    expect(published!.mediaUrls).toHaveLength(3);
    for (const url of published!.mediaUrls) expect(url).toMatch(new RegExp(`^${cloud().url}/media-pull/.+\\?Expires=\\d+&Key-Pair-Id=.+&Signature=.+`));
    // The front door serves the photo to whoever holds the signed URL, and nothing without it.
    const signed = await fetch(published!.mediaUrls[0]!);
    expect(signed.status).toBe(200);
    expect(signed.headers.get('content-type')).toBe('image/jpeg');
    expect((await fetch(published!.mediaUrls[0]!.split('?')[0]!)).status).toBe(403);
  });

  it('fails with the reason on the card when the pull URLs do not verify (a key CloudFront does not trust)', { timeout: 150_000 }, async () => {
    // Prepare: the front door now trusts another key, as CloudFront would after a key group change
    savedPublicKey = fs.readFileSync(publicKeyFile(), 'utf8');
    const other = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    fs.writeFileSync(publicKeyFile(), other.publicKey);

    // Act
    const caption = uniqueCaption('Refused pull');
    const { user, post } = await aPhotoPostDueNow(3, caption);
    const done = await theSettledPost(user.accessToken, post.id, 130_000);

    // Assess: nothing published; the card says TikTok could not download the photos
    expect(done.status).toBe('failed');
    expect(done.platforms[0]!.error_message).toContain("TikTok couldn't download the photos");
    expect((await sandboxReceipts('tiktok')).filter((r) => r.caption === caption)).toHaveLength(0);
  });
});

describe('what the API refuses for TikTok photos before anything is saved', () => {
  it('refuses a PNG and photos beside a video, writing no post', { timeout: 120_000 }, async () => {
    const user = await aTikTokCreator();
    const png = await anUploadedImage(user.accessToken, aPng('logo.png'));
    const [jpeg] = await jpegs(user.accessToken, 1);
    const video = await anUploadedVideo(user.accessToken, aVideoFile(), { duration_seconds: 10, width: 1080, height: 1920 });
    const body = (mediaIds: string[]) => ({
      scheduled_at: null,
      platforms: [{ platform: 'tiktok', social_account_id: user.accountId, caption: 'Photos', settings: SELF_ONLY }],
      media_ids: mediaIds,
    });

    const pngRes = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: body([png.id]) });
    const mixedRes = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: body([jpeg!.id, video.id]) });

    expect(pngRes.status).toBe(400);
    expect(pngRes.body.error.message).toBe(tiktokPhotoFormatMessage('logo.png', 'image/png'));
    expect(mixedRes.status).toBe(400);
    expect(mixedRes.body.error.message).toBe(TIKTOK_MIXED_MESSAGE);
    expect(await listWorkspaceItems(user.userId, 'POST#')).toEqual([]);
  });
});

describe("the sandbox's photo init, as TikTok refuses and pulls", () => {
  const sandbox = () => cloud().env.PLATFORM_SANDBOX_URL!;
  const signer = () => pullSigner(cloud().url, LOCAL_PULL_KEY_PAIR_ID, fs.readFileSync(cloud().env.MEDIA_PULL_PRIVATE_KEY_FILE!, 'utf8'));

  /** Ada's token with video.publish, through the sandbox consent flow. */
  async function tiktokToken(): Promise<string> {
    const { clientId, clientSecret } = (JSON.parse(cloud().env.PLATFORM_CREDENTIALS!) as Record<string, { clientId: string; clientSecret: string }>).tiktok!;
    const adapter = createAdapter('tiktok', {
      app: { clientId, clientSecret, redirectUri: `${cloud().url}/api/oauth/tiktok/callback` },
      hosts: hostsFor('tiktok', sandbox()),
    });
    const form = new URLSearchParams({ decision: 'allow', identity: DEMO_IDENTITIES.tiktok[0]!.id });
    const res = await fetch(adapter.authorizeUrl({ state: 's' }), { method: 'POST', body: form, redirect: 'manual' });
    return (await adapter.exchangeCode({ code: new URL(res.headers.get('location')!).searchParams.get('code')! })).accessToken;
  }
  const init = async (token: string, photoImages: string[], cover = 0) => {
    const res = await fetch(`${sandbox()}/tiktok/api/v2/post/publish/content/init/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=UTF-8' },
      body: JSON.stringify({
        media_type: 'PHOTO',
        post_mode: 'DIRECT_POST',
        post_info: { title: 'Loaves', description: 'Morning bake', privacy_level: 'SELF_ONLY', disable_comment: true },
        source_info: { source: 'PULL_FROM_URL', photo_images: photoImages, photo_cover_index: cover },
      }),
    });
    return { status: res.status, body: (await res.json()) as { data: { publish_id?: string }; error: { code: string } } };
  };
  const statusOf = async (token: string, publishId: string) =>
    vi.waitFor(
      async () => {
        const res = await fetch(`${sandbox()}/tiktok/api/v2/post/publish/status/fetch/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=UTF-8' },
          body: JSON.stringify({ publish_id: publishId }),
        });
        const { data } = (await res.json()) as { data: { status: string; fail_reason?: string } };
        if (data.status.startsWith('PROCESSING')) throw new Error(data.status);
        return data;
      },
      { timeout: 20_000, interval: 300 },
    );
  async function storedPhoto(bytes: Buffer, type: string) {
    const key = aMediaKey('sandbox-photos', type === 'image/png' ? 'png' : 'jpg');
    await anObjectStoredDirectly(key, bytes, type);
    return key;
  }

  it('refuses more than 35 photos, a cover outside them, and a URL outside the verified prefix', async () => {
    const token = await tiktokToken();
    const key = await storedPhoto(A_TINY_JPEG, 'image/jpeg');
    const url = signer().sign(key, new Date());

    const many = await init(
      token,
      Array.from({ length: 36 }, () => url),
    );
    const cover = await init(token, [url, url, url], 3);
    const elsewhere = await init(token, ['https://cdn.example.com/loaf.jpg']);

    expect([many.status, many.body.error.code]).toEqual([400, 'invalid_param']);
    expect([cover.status, cover.body.error.code]).toEqual([400, 'invalid_param']);
    expect([elsewhere.status, elsewhere.body.error.code]).toEqual([403, 'url_ownership_unverified']);
  });

  it('pulls every photo: a PNG fails the post (file_format_check_failed), an expired URL fails the pull (photo_pull_failed)', async () => {
    const token = await tiktokToken();
    const jpeg = await storedPhoto(A_TINY_JPEG, 'image/jpeg');
    const png = await storedPhoto(A_TINY_PNG, 'image/png');
    const now = new Date();
    const threeHoursAgo = new Date(now.getTime() - 3 * 3600_000);

    const withPng = await init(token, [signer().sign(jpeg, now), signer().sign(png, now)]);
    const expired = await init(token, [signer().sign(jpeg, threeHoursAgo)]);
    const fine = await init(token, [signer().sign(jpeg, now)]);

    expect(await statusOf(token, withPng.body.data.publish_id!)).toMatchObject({ status: 'FAILED', fail_reason: 'file_format_check_failed' });
    expect(await statusOf(token, expired.body.data.publish_id!)).toMatchObject({ status: 'FAILED', fail_reason: 'photo_pull_failed' });
    expect(await statusOf(token, fine.body.data.publish_id!)).toMatchObject({ status: 'PUBLISH_COMPLETE' });
  });
});
