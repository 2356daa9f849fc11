import type { Platform } from '@shared/platforms';
import { describe, expect, inject, it } from 'vitest';
import type { StoredMedia } from '../../functions/data/posts';
import { getMediaRow } from '../../functions/data/media';
import { aConfirmedUser } from '../helpers/given';
import { anUploadedImage, anUploadedVideo, aPng, aVideoFile } from '../helpers/media';
import { aFastStartMp4 } from '../helpers/mp4';
import { aConnectedAccount, aPaidPlan, aStoredPost } from '../helpers/posts';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/**
 * Through the API: each platform's media rules (shared/media-rules.ts) refuse a post
 * when it is created or edited, with the platform's message and nothing written, instead of letting
 * it fail at its time. Video measures arrive with the confirm call.
 */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();
/**
 * TikTok's messages as this cloud's deployment setting makes them: one video only, or (TIKTOK_PHOTOS, on in
 * the local cloud unless turned off) one video or 1–35 JPEG/WebP photos (docs/tiktok.md#photo-posts).
 */
const photosOn = inject('cloud').env.TIKTOK_PHOTOS === 'true';
const TIKTOK_NOTHING = photosOn ? 'TikTok needs one video or 1 to 35 photos to post.' : 'TikTok needs one video to post.';
const TIKTOK_A_PNG = photosOn ? 'TikTok photo posts take JPEG or WebP photos; photo.png is PNG.' : 'TikTok needs one video to post.';
const TIKTOK_SETTINGS = { tiktok_privacy_level: 'SELF_ONLY', tiktok_consent: true };

async function aProUserWith(platform: Platform) {
  const user = await aConfirmedUser();
  await aPaidPlan(user.userId, 'pro');
  return { user, account: await aConnectedAccount(user.userId, platform, `My ${platform}`) };
}

function bodyFor(platform: Platform, accountId: string, mediaIds: string[]) {
  return {
    ...(platform === 'youtube' ? { title: 'Morning bake', youtube_type: 'shorts' } : {}),
    scheduled_at: tomorrow(),
    platforms: [{ platform, social_account_id: accountId, caption: 'Morning bake', settings: platform === 'tiktok' ? TIKTOK_SETTINGS : {} }],
    media_ids: mediaIds,
  };
}

describe('confirming a video upload', () => {
  it('keeps the length and size the browser measured on the media row', async () => {
    const user = await aConfirmedUser();

    const item = await anUploadedVideo(user.accessToken, aVideoFile('clip.mp4'), { duration_seconds: 75.2, width: 1920, height: 1080 });

    expect(item).toMatchObject({ width: 1920, height: 1080, file_type: 'video/mp4' });
    expect(await getMediaRow(user.userId, item.id)).toMatchObject({ duration_seconds: 75.2, width: 1920, height: 1080, file_name: 'clip.mp4' });
  });

  it('believes the file’s own MP4 header over what the browser said', async () => {
    const user = await aConfirmedUser();
    const file = { name: 'clip.mp4', type: 'video/mp4', bytes: aFastStartMp4({ seconds: 75, width: 1920, height: 1080 }) };

    // A client claiming a 30 s vertical video
    const item = await anUploadedVideo(user.accessToken, file, { duration_seconds: 30, width: 1080, height: 1920 });

    expect(await getMediaRow(user.userId, item.id)).toMatchObject({ duration_seconds: 75, width: 1920, height: 1080 });
  });

  it('refuses measures that cannot be real with 400, and writes no row', async () => {
    const user = await aConfirmedUser();
    const before = await itemsOfUser(user.userId);

    await expect(anUploadedVideo(user.accessToken, aVideoFile(), { duration_seconds: -3, width: 1080, height: 1920 })).rejects.toThrow(
      /confirm failed: .*VALIDATION_ERROR/,
    );

    expect((await itemsOfUser(user.userId)).filter((i) => String(i.sk).startsWith('MEDIA#'))).toEqual(before.filter((i) => String(i.sk).startsWith('MEDIA#')));
  });
});

describe('creating a post the platform would refuse', () => {
  it.each<[Platform, string, (token: string) => Promise<string[]>]>([
    ['tiktok', TIKTOK_NOTHING, async () => []],
    ['tiktok', TIKTOK_A_PNG, async (token) => [(await anUploadedImage(token, aPng())).id]],
    [
      'youtube',
      'YouTube Shorts needs a vertical video of at most 60 seconds; clip.mp4 is 1920×1080, 75 s.',
      async (token) => [(await anUploadedVideo(token, aVideoFile('clip.mp4'), { duration_seconds: 75, width: 1920, height: 1080 })).id],
    ],
    ['youtube', 'YouTube Shorts needs one vertical video of at most 60 seconds.', async () => []],
    ['x', 'X posts are text only for now; remove the media or unselect X.', async (token) => [(await anUploadedImage(token, aPng())).id]],
    ['instagram', 'Instagram needs a photo or a video to post.', async () => []],
  ])('%s: 400 "%s", and nothing written', async (platform, message, media) => {
    // Prepare
    const { user, account } = await aProUserWith(platform);
    const mediaIds = await media(user.accessToken);
    const before = await itemsOfUser(user.userId);

    // Act
    const res = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: bodyFor(platform, account.id, mediaIds) });

    // Assess: no post, no usage claimed, the files still unattached
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await itemsOfUser(user.userId)).toEqual(before);
  });

  it.each<[Platform, (token: string) => Promise<string[]>]>([
    ['tiktok', async (token) => [(await anUploadedVideo(token, aVideoFile(), { duration_seconds: 30, width: 1080, height: 1920 })).id]],
    ['youtube', async (token) => [(await anUploadedVideo(token, aVideoFile(), { duration_seconds: 60, width: 1080, height: 1920 })).id]],
    ['x', async () => []],
  ])('%s: takes a post that keeps the rule', async (platform, media) => {
    const { user, account } = await aProUserWith(platform);

    const res = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: bodyFor(platform, account.id, await media(user.accessToken)) });

    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});

describe('editing a post the platform would refuse', () => {
  const aPhoto: StoredMedia = {
    id: '01JQ0000000000000000000MP1',
    file_path: 'u/1-aaaaaaaa.png',
    file_type: 'image/png',
    file_size: 4,
    created_at: '2026-11-01T00:00:00.000Z',
    file_name: 'photo.png',
    width: 600,
    height: 600,
  };
  const aWideClip: StoredMedia = {
    id: '01JQ0000000000000000000MV1',
    file_path: 'u/1-bbbbbbbb.mp4',
    file_type: 'video/mp4',
    file_size: 4,
    created_at: '2026-11-01T00:00:00.000Z',
    file_name: 'clip.mp4',
    width: 1920,
    height: 1080,
    duration_seconds: 75,
  };

  it.each<[Platform, StoredMedia[], string]>([
    ['tiktok', [], TIKTOK_NOTHING],
    ['youtube', [aWideClip], 'YouTube Shorts needs a vertical video of at most 60 seconds; clip.mp4 is 1920×1080, 75 s.'],
    ['x', [aPhoto], 'X posts are text only for now; remove the media or unselect X.'],
    ['instagram', [], 'Instagram needs a photo or a video to post.'],
  ])('%s: PATCH answers 400 with the platform’s message and the post is unchanged', async (platform, media, message) => {
    // Prepare: a post saved before the rule (written straight to the table)
    const { user, account } = await aProUserWith(platform);
    const stored = await aStoredPost(user.userId, account, { media, title: platform === 'youtube' ? 'Bake #shorts' : null });
    const before = await itemsOfUser(user.userId);

    // Act
    const res = await weCallTheApi('PATCH', `/api/posts/${stored.id}`, {
      token: user.accessToken,
      body: { scheduled_at: tomorrow(), platforms: [{ id: stored.platforms[0]!.id, caption: 'Edited' }] },
    });

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await itemsOfUser(user.userId)).toEqual(before);
  });
});
