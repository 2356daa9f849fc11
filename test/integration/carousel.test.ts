import { ulid } from 'ulid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FACEBOOK_VIDEO_ALONE_MESSAGE, INSTAGRAM_CAROUSEL_MESSAGE } from '@shared/media-rules';
import type { Platform } from '@shared/platforms';
import { listWorkspaceItems } from '../../functions/data/table';
import { dispatchPost } from '../../functions/publishing/use-cases/dispatch';
import { awsDispatchEngine } from '../../functions/publishing/wiring';
import type { PublishedPost } from '../../local/sandbox/publish-store';
import { connect } from '../helpers/connect';
import { aConfirmedUser, cloud } from '../helpers/given';
import { anImageOf, anUploadedImage, anUploadedVideo, aVideoFile } from '../helpers/media';
import { aPostDueIn } from '../helpers/due';
import { controlTheSandbox as control, sandboxReceipts } from '../helpers/sandbox';
import { theSettledPost } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';
import type { SandboxPlatform } from '../../local/sandbox/apps';

/**
 * Carousels and multi-photo posts through the API, the local Scheduler/SQS, the real
 * publishers and adapters, and the sandbox platforms' carousel and attached_media endpoints.
 */
const uniqueCaption = (what: string) => `${what} ${ulid().slice(-8)}`;
const receiptsFor = async (caption: string) => (await sandboxReceipts()).filter((r) => r.caption === caption);
const postsOn = async (platform: Platform) => (await control('GET', `/posts?platform=${platform}`)).posts as PublishedPost[];

async function duplicateDeliveries(on: boolean) {
  const res = await fetch(`${cloud().env.SQS_ENDPOINT!}/_control/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ duplicateDeliveries: on }),
  });
  expect(res.ok).toBe(true);
}

async function aPublisher(platforms: readonly SandboxPlatform[]) {
  const user = await aConfirmedUser({ plan: 'pro' });
  for (const platform of platforms) await connect(platform, user.accessToken);
  const { accounts } = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body as { accounts: { id: string; platform: Platform }[] };
  return { ...user, accountFor: (platform: Platform) => accounts.find((a) => a.platform === platform)!.id };
}

/** n square JPEGs, uploaded and confirmed as the browser does. */
async function photos(token: string, n: number) {
  const bytes = await anImageOf(1080, 1080);
  return Promise.all(Array.from({ length: n }, (_, i) => anUploadedImage(token, { name: `loaf-${i + 1}.jpg`, type: 'image/jpeg', bytes })));
}

const targets = (user: Awaited<ReturnType<typeof aPublisher>>, platforms: readonly Platform[], caption: string) =>
  platforms.map((platform) => ({ platform, social_account_id: user.accountFor(platform), caption, settings: {} }));

beforeEach(async () => {
  await control('POST', '/reset');
  for (const platform of ['instagram', 'facebook'] as const) await control('POST', '/processing', { platform, seconds: 1 });
});

afterEach(async () => {
  await duplicateDeliveries(false);
});

describe('a carousel of three photos to Instagram and Facebook', () => {
  it(
    'goes out once on each, as one Instagram carousel and one Facebook post with three photos, even when every delivery comes twice',
    { timeout: 120_000 },
    async () => {
      // Prepare
      const user = await aPublisher(['instagram', 'facebook']);
      const files = await photos(user.accessToken, 3);
      const caption = uniqueCaption('Three loaves');
      await duplicateDeliveries(true);

      // Act
      const post = await aPostDueIn(2, user.accessToken, (scheduledAt) => ({
        scheduled_at: scheduledAt,
        platforms: targets(user, ['instagram', 'facebook'], caption),
        media_ids: files.map((f) => f.id),
      }));
      await dispatchPost({ userId: user.userId, postId: post.id, version: post.version }, awsDispatchEngine);
      const done = await theSettledPost(user.accessToken, post.id, 90_000);

      // Assess: one receipt per platform, and what each platform shows.
      expect(done.status, done.error_message ?? '').toBe('posted');
      expect((await receiptsFor(caption)).map((r) => r.platform).sort()).toEqual(['facebook', 'instagram']);
      const [ig] = (await postsOn('instagram')).filter((p) => p.text === caption);
      const [fb] = (await postsOn('facebook')).filter((p) => p.text === caption);
      expect(ig).toMatchObject({ kind: 'carousel' });
      expect(ig!.mediaUrls).toHaveLength(3);
      expect(fb).toMatchObject({ kind: 'photos' });
      expect(fb!.mediaUrls).toHaveLength(3);
      for (const target of done.platforms) expect(target.post_url).toMatch(/^http/);
      expect(done.platforms.find((t) => t.platform === 'instagram')!.post_url).toBe(ig!.url);
    },
  );
});

describe('what the API refuses before anything is saved', () => {
  it('refuses 11 files for Instagram and a video beside photos for Facebook, writing no post', async () => {
    const user = await aPublisher(['instagram', 'facebook']);
    const eleven = await photos(user.accessToken, 11);
    const video = await anUploadedVideo(user.accessToken, aVideoFile(), { duration_seconds: 10, width: 1080, height: 1920 });

    const tooMany = await weCallTheApi('POST', '/api/posts', {
      token: user.accessToken,
      body: { scheduled_at: null, platforms: targets(user, ['instagram'], 'Too many'), media_ids: eleven.map((f) => f.id) },
    });
    const mixed = await weCallTheApi('POST', '/api/posts', {
      token: user.accessToken,
      body: { scheduled_at: null, platforms: targets(user, ['facebook'], 'Mixed'), media_ids: [eleven[0]!.id, video.id] },
    });

    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain(INSTAGRAM_CAROUSEL_MESSAGE);
    expect(mixed.status).toBe(400);
    expect(JSON.stringify(mixed.body)).toContain(FACEBOOK_VIDEO_ALONE_MESSAGE);
    expect(await listWorkspaceItems(user.userId, 'POST#')).toEqual([]);
  });
});
