import { describe, expect, it } from 'vitest';
import { TIKTOK_COVER_MESSAGE } from '@shared/media-rules';
import { TIKTOK_PHOTOS_OFF_MESSAGE } from '../../../functions/platforms/tiktok';
import type { PublishMedia } from '../../../functions/platforms/types';
import { aPublisher, anImage, expectDueRightBefore, expectPlatformError, type Reply } from './fake-platform';

/**
 * TikTok photo posts (docs/tiktok.md#photo-posts) against the Photo reference
 * (https://developers.tiktok.com/doc/content-posting-api-reference-photo-post): one content/init with
 * media_type PHOTO and PULL_FROM_URL, then the same status polling as a video.
 */
const account = { accountId: '-000sbxOpenIdAdaBakes001', accountName: '@adabakes' };
const ok = (data: unknown): Reply => ({ body: { data, error: { code: 'ok', message: '', log_id: 'L1' } } });
const apiErr = (status: number, code: string): Reply => ({ status, body: { data: {}, error: { code, message: code, log_id: 'L2' } } });
const creator = (extra: object = {}) =>
  ok({
    creator_username: 'adabakes',
    creator_nickname: 'Ada Bakes',
    privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
    ...extra,
  });
const initOk = ok({ publish_id: 'p_pub_url~v2-1.9' });
const status = (data: object): Reply => ({ body: { data, error: { code: 'ok', message: '', log_id: 'L' } } });
const pullUrl = (n: number) => `https://media-pull.example/media-pull/u/${n}.jpg?Expires=1795000000&Key-Pair-Id=K1&Signature=sig${n}&Hash-Algorithm=SHA256`;
const aPhoto = (n: number, type = 'image/jpeg'): PublishMedia => ({ ...anImage(n), mimeType: type, pullUrl: pullUrl(n) });
const selfOnly = { tiktok_privacy_level: 'SELF_ONLY', tiktok_consent: true } as const;

function aTikTok(request: Partial<Parameters<typeof aPublisher>[1]>, checkpoint: Parameters<typeof aPublisher>[2], ...replies: Reply[]) {
  return aPublisher('tiktok', { ...account, media: [aPhoto(1), aPhoto(2), aPhoto(3)], ...request }, checkpoint, replies);
}

describe('TikTok photo posts: the init', () => {
  it('reads creator_info, then inits a PHOTO Direct Post pulling every signed URL, with the cover, title and description', async () => {
    const settings = { ...selfOnly, tiktok_photo_title: 'Three loaves', tiktok_photo_cover_index: 2, tiktok_allow_comment: true } as const;
    const { step, requests, saved, timeline } = aTikTok({ settings }, null, creator(), initOk);

    await expect(step()).resolves.toEqual({ status: 'wait', retryAfterSeconds: 10 });

    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['POST /v2/post/publish/creator_info/query/', 'POST /v2/post/publish/content/init/']);
    expect(requests[1]!.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(JSON.parse(requests[1]!.body)).toEqual({
      media_type: 'PHOTO',
      post_mode: 'DIRECT_POST',
      post_info: {
        title: 'Three loaves',
        description: 'Fresh sourdough at 7am #bakery',
        privacy_level: 'SELF_ONLY',
        disable_comment: false,
        brand_content_toggle: false,
        brand_organic_toggle: false,
      },
      source_info: { source: 'PULL_FROM_URL', photo_images: [pullUrl(1), pullUrl(2), pullUrl(3)], photo_cover_index: 2 },
    });
    // Exactly once: the attempt is on record before the init, which waits for the due second.
    expectDueRightBefore(timeline, 'initAttemptedAt', 'POST /v2/post/publish/content/init/');
    expect(saved.at(-1)).toEqual({ username: 'adabakes', privacy: 'SELF_ONLY', kind: 'photo', publishId: 'p_pub_url~v2-1.9' });
  });

  it('sends no duet or stitch setting (photos have none) and the cover defaults to the first photo', async () => {
    const { step, requests } = aTikTok({ settings: { ...selfOnly, tiktok_allow_duet: true, tiktok_allow_stitch: true } }, null, creator(), initOk);

    await step();

    const body = JSON.parse(requests[1]!.body);
    expect(body.post_info).not.toHaveProperty('disable_duet');
    expect(body.post_info).not.toHaveProperty('disable_stitch');
    expect(body.source_info.photo_cover_index).toBe(0);
  });

  it('sends a draft to the inbox as MEDIA_UPLOAD with only the title and description, without creator_info', async () => {
    const { step, requests } = aTikTok({ settings: { tiktok_draft: true, tiktok_photo_title: 'Loaves' } }, null, initOk);

    await step();

    expect(requests.map((r) => r.url.pathname)).toEqual(['/v2/post/publish/content/init/']);
    const body = JSON.parse(requests[0]!.body);
    expect(body.post_mode).toBe('MEDIA_UPLOAD');
    expect(body.post_info).toEqual({ title: 'Loaves', description: 'Fresh sourdough at 7am #bakery' });
  });

  it('fails without calling TikTok when a photo has no pull URL (photo posts off in this deployment)', async () => {
    const { step, requests } = aTikTok({ settings: selfOnly, media: [anImage(1)] }, null);

    const error = await expectPlatformError(step(), { category: 'fix-input' });

    expect(error.message).toBe(TIKTOK_PHOTOS_OFF_MESSAGE);
    expect(requests).toEqual([]);
  });

  it('refuses a cover that is not one of the photos, and a PNG, before calling TikTok', async () => {
    const badCover = aTikTok({ settings: { ...selfOnly, tiktok_photo_cover_index: 3 } }, null);
    const png = aTikTok({ settings: selfOnly, media: [aPhoto(1, 'image/png')] }, null);

    expect((await expectPlatformError(badCover.step(), { category: 'fix-input' })).message).toBe(TIKTOK_COVER_MESSAGE);
    await expectPlatformError(png.step(), { category: 'fix-input' });
    expect([...badCover.requests, ...png.requests]).toEqual([]);
  });

  it('maps url_ownership_unverified to a fix-input failure and takes the attempt marker back (nothing was created)', async () => {
    const { step, saved } = aTikTok({ settings: selfOnly }, null, creator(), apiErr(403, 'url_ownership_unverified'));

    const error = await expectPlatformError(step(), { category: 'fix-input', code: 'url_ownership_unverified' });

    expect(error.message).toMatch(/couldn't verify/);
    expect(saved.at(-1)).toEqual({});
  });

  it('never repeats an init whose answer was lost: the outcome is unknown', async () => {
    const { step, requests } = aTikTok({ settings: selfOnly }, { kind: 'photo', initAttemptedAt: '2026-11-22T04:59:58.000Z' });

    await expectPlatformError(step(), { category: 'unknown-outcome' });
    expect(requests).toEqual([]);
  });
});

describe('TikTok photo posts: the status', () => {
  const checkpoint = { username: 'adabakes', privacy: 'PUBLIC_TO_EVERYONE', kind: 'photo', publishId: 'p_pub_url~v2-1.9' };

  it('waits while TikTok downloads the photos, then links the photo post', async () => {
    const downloading = aTikTok({ settings: selfOnly }, checkpoint, status({ status: 'PROCESSING_DOWNLOAD', downloaded_bytes: 10 }));
    const done = aTikTok({ settings: selfOnly }, checkpoint, {
      body: '{"data":{"status":"PUBLISH_COMPLETE","publicaly_available_post_id":[7234567890123456789]},"error":{"code":"ok","message":"","log_id":"L"}}',
    });

    await expect(downloading.step()).resolves.toEqual({ status: 'wait', retryAfterSeconds: 10 });
    await expect(done.step()).resolves.toEqual({
      status: 'posted',
      platformPostId: '7234567890123456789',
      postUrl: 'https://www.tiktok.com/@adabakes/photo/7234567890123456789',
    });
    expect(done.requests.map((r) => r.url.pathname)).toEqual(['/v2/post/publish/status/fetch/']);
  });

  it('retries photo_pull_failed with a fresh init (twice), then fails with the reason', async () => {
    const first = aTikTok({ settings: selfOnly }, checkpoint, status({ status: 'FAILED', fail_reason: 'photo_pull_failed' }));
    const last = aTikTok({ settings: selfOnly }, { ...checkpoint, reinits: 2 }, status({ status: 'FAILED', fail_reason: 'photo_pull_failed' }));

    const retry = await expectPlatformError(first.step(), { category: 'retry', code: 'photo_pull_failed' });
    const final = await expectPlatformError(last.step(), { category: 'fix-input', code: 'photo_pull_failed' });

    expect(retry.message).toBe("TikTok couldn't download the photos; we'll try again.");
    expect(first.saved.at(-1)).toEqual({ reinits: 1 });
    expect(final.message).toContain("TikTok couldn't download the photos from our media link");
  });

  it('reports a file TikTok cannot read as fix-input', async () => {
    const { step } = aTikTok({ settings: selfOnly }, checkpoint, status({ status: 'FAILED', fail_reason: 'file_format_check_failed' }));

    const error = await expectPlatformError(step(), { category: 'fix-input', code: 'file_format_check_failed' });
    expect(error.message).toBe('TikTok could not read one of the photos; use JPEG or WebP.');
  });
});
