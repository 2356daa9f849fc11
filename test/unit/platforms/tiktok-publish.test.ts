import { describe, expect, it } from 'vitest';
import {
  NOW,
  aFakePlatform,
  aPublishContext,
  aPublisher,
  aVideo,
  expectCheckpointBefore,
  expectDueRightBefore,
  expectPlatformError,
  type Reply,
} from './fake-platform';
import { LOST_INITS_MESSAGE } from '../../../functions/platforms/tiktok';

const account = { accountId: '-000sbxOpenIdAdaBakes001', accountName: '@adabakes' };
const ok = (data: unknown): Reply => ({ body: { data, error: { code: 'ok', message: '', log_id: 'L1' } } });
const apiErr = (status: number, code: string): Reply => ({ status, body: { data: {}, error: { code, message: code, log_id: 'L2' } } });
const creator = ok({
  creator_username: 'adabakes',
  creator_nickname: 'Ada Bakes',
  privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
  max_video_post_duration_sec: 600,
});
const UPLOAD_URL = 'https://open-upload.tiktokapis.com/video/?upload_id=67890&upload_token=Xza123secretUploadToken';
const initOk = ok({ publish_id: 'v_pub_file~v2-1.7', upload_url: UPLOAD_URL });
/** The upload host's answer once every byte is in. */
const uploaded: Reply = { status: 201, body: '', headers: { 'content-range': 'bytes 0-999/1000' } };
/** What the compose panel sends for a public Direct Post (the user chose each of these). */
const publicPost = { tiktok_privacy_level: 'PUBLIC_TO_EVERYONE', tiktok_consent: true } as const;
/** TikTok's raw int64: beyond JS numbers. */
const complete: Reply = {
  body: '{"data":{"status":"PUBLISH_COMPLETE","publicaly_available_post_id":[7234567890123456789],"uploaded_bytes":0,"downloaded_bytes":1000},"error":{"code":"ok","message":"","log_id":"L"}}',
};

function aTikTok(
  request: Partial<Parameters<typeof aPublishContext>[1]>,
  checkpoint: Parameters<typeof aPublishContext>[2],
  ...replies: Parameters<typeof aFakePlatform>
) {
  return aPublisher('tiktok', { ...account, media: [aVideo()], ...request }, checkpoint, replies);
}

describe('TikTok publishStep', () => {
  it('reads creator_info, inits a FILE_UPLOAD direct post with the privacy the user chose, uploads the bytes, and saves the publish_id', async () => {
    const { step, requests, saved, timeline } = aTikTok({ settings: publicPost }, null, creator, initOk, uploaded);

    await expect(step()).resolves.toEqual({ status: 'wait', retryAfterSeconds: 10 });
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'POST /v2/post/publish/creator_info/query/',
      'POST /v2/post/publish/video/init/',
      'PUT /video/',
    ]);
    expect(JSON.parse(requests[1]!.body)).toEqual({
      post_info: {
        title: 'Fresh sourdough at 7am #bakery',
        privacy_level: 'PUBLIC_TO_EVERYONE',
        disable_comment: true,
        disable_duet: true,
        disable_stitch: true,
        brand_content_toggle: false,
        brand_organic_toggle: false,
      },
      source_info: { source: 'FILE_UPLOAD', video_size: 1000, chunk_size: 1000, total_chunk_count: 1 },
    });
    expect(requests[2]!.url.href).toBe(UPLOAD_URL);
    expect(requests[2]!.headers).toMatchObject({ 'content-type': 'video/mp4', 'content-range': 'bytes 0-999/1000' });
    expectCheckpointBefore(timeline, 'initAttemptedAt', 'POST /v2/post/publish/video/init/');
    expectCheckpointBefore(timeline, 'publishId', 'PUT /video/');
    expect(saved.at(-1)).toEqual({
      username: 'adabakes',
      privacy: 'PUBLIC_TO_EVERYONE',
      publishId: 'v_pub_file~v2-1.7',
      uploadUrl: UPLOAD_URL,
      videoSize: 1000,
      uploadedBytes: 1000,
    });
  });

  it('sends the interaction and disclosure choices exactly as the user made them', async () => {
    const settings = {
      tiktok_privacy_level: 'FOLLOWER_OF_CREATOR',
      tiktok_allow_comment: true,
      tiktok_allow_duet: false,
      tiktok_allow_stitch: true,
      tiktok_commercial: true,
      tiktok_your_brand: true,
      tiktok_branded_content: true,
      tiktok_consent: true,
    } as const;
    const { step, requests } = aTikTok(
      { settings },
      null,
      ok({ ...(creator.body as { data: object }).data, privacy_level_options: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'] }),
      initOk,
      uploaded,
    );

    await step();

    expect(JSON.parse(requests[1]!.body).post_info).toEqual({
      title: 'Fresh sourdough at 7am #bakery',
      privacy_level: 'FOLLOWER_OF_CREATOR',
      disable_comment: false,
      disable_duet: true,
      disable_stitch: false,
      brand_content_toggle: true,
      brand_organic_toggle: true,
    });
  });

  it('sends no disclosure toggles when the user did not turn on commercial content disclosure', async () => {
    const { step, requests } = aTikTok({ settings: { ...publicPost, tiktok_your_brand: true, tiktok_branded_content: true } }, null, creator, initOk, uploaded);

    await step();

    expect(JSON.parse(requests[1]!.body).post_info).toMatchObject({ brand_content_toggle: false, brand_organic_toggle: false });
  });

  it('never picks a privacy level for the user: a Direct Post without one fails before anything is sent', async () => {
    const { step, requests } = aTikTok({ settings: { tiktok_consent: true } }, null);

    const error = await expectPlatformError(step(), { category: 'fix-input' });
    expect(error.message).toMatch(/Choose who can see this TikTok post/);
    expect(requests).toHaveLength(0);
  });

  it('refuses a privacy level the creator does not offer before the init', async () => {
    const { step, requests } = aTikTok({ settings: { ...publicPost, tiktok_privacy_level: 'FOLLOWER_OF_CREATOR' } }, null, creator);

    await expectPlatformError(step(), { category: 'fix-input' });
    expect(requests.map((r) => r.url.pathname)).toEqual(['/v2/post/publish/creator_info/query/']);
  });

  it('uploads a video over 64 MB in 32 MiB chunks, the last one taking the remainder', async () => {
    const size = 100 * 1024 * 1024 + 5;
    const partial = (last: number): Reply => ({ status: 206, body: '', headers: { 'content-range': `bytes 0-${last}/${size}` } });
    const chunk = 32 * 1024 * 1024;
    const { step, requests } = aTikTok(
      { settings: publicPost, media: [aVideo(Buffer.alloc(size, 2))] },
      null,
      creator,
      initOk,
      partial(chunk - 1),
      partial(2 * chunk - 1),
      { status: 201, body: '' },
    );

    await step();

    expect(JSON.parse(requests[1]!.body).source_info).toEqual({ source: 'FILE_UPLOAD', video_size: size, chunk_size: chunk, total_chunk_count: 3 });
    expect(requests.slice(2).map((r) => r.headers['content-range'])).toEqual([
      `bytes 0-${chunk - 1}/${size}`,
      `bytes ${chunk}-${2 * chunk - 1}/${size}`,
      `bytes ${2 * chunk}-${size - 1}/${size}`,
    ]);
  });

  it('finishes an upload cut off midway from the saved byte count, without a second init', async () => {
    const size = 100 * 1024 * 1024;
    const chunk = 32 * 1024 * 1024;
    const checkpoint = {
      username: 'adabakes',
      privacy: 'SELF_ONLY',
      publishId: 'v_pub_file~v2-1.7',
      uploadUrl: UPLOAD_URL,
      videoSize: size,
      uploadedBytes: chunk,
    };
    const { step, requests } = aTikTok(
      { settings: publicPost, media: [aVideo(Buffer.alloc(size, 2))] },
      checkpoint,
      { status: 206, body: '' },
      { status: 201, body: '' },
    );

    await expect(step()).resolves.toEqual({ status: 'wait', retryAfterSeconds: 10 });
    expect(requests.map((r) => `${r.method} ${r.headers['content-range']}`)).toEqual([
      `PUT bytes ${chunk}-${2 * chunk - 1}/${size}`,
      `PUT bytes ${2 * chunk}-${size - 1}/${size}`,
    ]);
  });

  it('starts over with a fresh init when the upload link expired before the last byte (nothing was posted)', async () => {
    const { step, saved } = aTikTok({ settings: publicPost }, null, creator, initOk, apiErr(403, 'forbidden'));

    await expectPlatformError(step(), { category: 'retry' }, ['Xza123secretUploadToken']);
    expect(saved.at(-1)).toEqual({ reinits: 1 });
  });

  it('reads creator_info ahead of time and waits for the due second right before the init', async () => {
    const { step, timeline } = aTikTok({ settings: publicPost }, null, creator, initOk, uploaded);

    await step();

    expect(timeline[0]).toBe('POST /v2/post/publish/creator_info/query/');
    expectDueRightBefore(timeline, 'initAttemptedAt', 'POST /v2/post/publish/video/init/');
  });

  it('posts a stored post from before the guidelines with its Private switch as SELF_ONLY', async () => {
    const { step, requests } = aTikTok({ settings: { tiktok_private: true } }, null, creator, initOk, uploaded);

    await step();
    expect(JSON.parse(requests[1]!.body).post_info.privacy_level).toBe('SELF_ONLY');
  });

  it('sends a draft to the inbox with the inbox init, FILE_UPLOAD and no post_info', async () => {
    const { step, requests } = aTikTok({ settings: { tiktok_draft: true } }, null, initOk, uploaded);

    await step();
    expect(requests[0]!.url.pathname).toBe('/v2/post/publish/inbox/video/init/');
    expect(JSON.parse(requests[0]!.body)).toEqual({ source_info: { source: 'FILE_UPLOAD', video_size: 1000, chunk_size: 1000, total_chunk_count: 1 } });
    expect(requests[1]!.method).toBe('PUT');
  });

  it('keeps polling the status with the saved publish_id, never calling init again', async () => {
    const { step, requests } = aTikTok(
      {},
      { publishId: 'v_pub_url~v2-1.7', username: 'adabakes', privacy: 'PUBLIC_TO_EVERYONE', uploadUrl: UPLOAD_URL, videoSize: 1000, uploadedBytes: 1000 },
      ok({ status: 'PROCESSING_UPLOAD' }),
    );

    await expect(step()).resolves.toEqual({ status: 'wait', retryAfterSeconds: 10 });
    expect(requests.map((r) => r.url.pathname)).toEqual(['/v2/post/publish/status/fetch/']);
    expect(JSON.parse(requests[0]!.body)).toEqual({ publish_id: 'v_pub_url~v2-1.7' });
  });

  it('finishes with the post URL, keeping every digit of the int64 post id', async () => {
    const { step } = aTikTok({}, { publishId: 'p', username: 'adabakes', privacy: 'PUBLIC_TO_EVERYONE' }, complete);

    await expect(step()).resolves.toEqual({
      status: 'posted',
      platformPostId: '7234567890123456789',
      postUrl: 'https://www.tiktok.com/@adabakes/video/7234567890123456789',
    });
  });

  it('links the profile for a private post (no public id) and for an inbox draft', async () => {
    const privately = aTikTok(
      {},
      { publishId: 'p', username: 'adabakes', privacy: 'SELF_ONLY' },
      ok({ status: 'PUBLISH_COMPLETE', publicaly_available_post_id: [] }),
    );
    const draft = aTikTok({}, { publishId: 'd', username: 'adabakes', privacy: 'SELF_ONLY' }, ok({ status: 'SEND_TO_USER_INBOX' }));

    await expect(privately.step()).resolves.toEqual({ status: 'posted', platformPostId: 'p', postUrl: 'https://www.tiktok.com/@adabakes' });
    await expect(draft.step()).resolves.toEqual({ status: 'posted', platformPostId: 'd', postUrl: 'https://www.tiktok.com/@adabakes' });
  });

  it('waits for moderation of a public post before linking just the profile', async () => {
    const { step, saved } = aTikTok(
      {},
      { publishId: 'p', username: 'adabakes', privacy: 'PUBLIC_TO_EVERYONE' },
      ok({ status: 'PUBLISH_COMPLETE', publicaly_available_post_id: [] }),
    );

    await expect(step()).resolves.toMatchObject({ status: 'wait' });
    expect(saved.at(-1)).toMatchObject({ completeSeenAt: NOW.toISOString() });
  });

  it('inits again after an init whose answer was lost: no byte was sent, so nothing can have gone out', async () => {
    const { step, requests, saved } = aTikTok(
      { settings: publicPost },
      { username: 'adabakes', privacy: 'PUBLIC_TO_EVERYONE', initAttemptedAt: NOW.toISOString() },
      creator,
      initOk,
      uploaded,
    );

    await expect(step()).resolves.toEqual({ status: 'wait', retryAfterSeconds: 10 });
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'POST /v2/post/publish/creator_info/query/',
      'POST /v2/post/publish/video/init/',
      'PUT /video/',
    ]);
    expect(saved[0]).toEqual({ reinits: 1 });
    expect(saved.at(-1)).toMatchObject({ reinits: 1, publishId: 'v_pub_file~v2-1.7', uploadedBytes: 1000 });
  });

  it('stops, saying nothing was posted, once every init allowed lost its answer', async () => {
    const { step, requests } = aTikTok({ settings: publicPost }, { reinits: 2, initAttemptedAt: NOW.toISOString() });

    const error = await expectPlatformError(step(), { category: 'stop' });
    expect(error.message).toBe(LOST_INITS_MESSAGE);
    expect(requests).toHaveLength(0);
  });

  it('re-inits only after a definitive FAILED with a retryable reason', async () => {
    const { step, saved } = aTikTok({}, { publishId: 'p', username: 'adabakes' }, ok({ status: 'FAILED', fail_reason: 'video_pull_failed' }));

    await expectPlatformError(step(), { category: 'retry', code: 'video_pull_failed' });
    expect(saved.at(-1)).toEqual({ reinits: 1 });
  });

  it.each([
    ['file_format_check_failed', 'fix-input', /MP4/],
    ['duration_check_failed', 'fix-input', /longer/],
    ['spam_risk_too_many_posts', 'stop', /daily posting limit/],
    ['auth_removed', 'reauth', /reconnect it on Platforms/],
  ] as const)('maps fail_reason %s to %s', async (reason, category, message) => {
    const error = await expectPlatformError(aTikTok({}, { publishId: 'p' }, ok({ status: 'FAILED', fail_reason: reason })).step(), { category });
    expect(error.message).toMatch(message);
  });

  it.each([
    ['rate_limit_exceeded', apiErr(429, 'rate_limit_exceeded'), 'backoff', /limiting/],
    ['spam_risk_too_many_posts', apiErr(403, 'spam_risk_too_many_posts'), 'backoff', /daily posting limit/],
    ['spam_risk_too_many_pending_share', apiErr(403, 'spam_risk_too_many_pending_share'), 'backoff', /inbox/],
    ['access_token_invalid', apiErr(401, 'access_token_invalid'), 'reauth', /Your TikTok connection has expired; reconnect it on Platforms/],
    ['internal_error', apiErr(500, 'internal_error'), 'retry', /temporary problem/],
    ['privacy_level_option_mismatch', apiErr(403, 'privacy_level_option_mismatch'), 'fix-input', /privacy/],
  ] as const)('maps an init answered %s to %s, taking the attempt marker back', async (_code, reply, category, message) => {
    const { step, saved } = aTikTok({ settings: publicPost }, null, creator, reply);

    const error = await expectPlatformError(step(), { category }, ['publish-token-c2VjcmV0LXRva2VuLXZhbHVl']);
    expect(error.message).toMatch(message);
    expect(saved.at(-1)).toEqual({});
  });

  it('asks for a video when there is none', async () => {
    await expectPlatformError(aTikTok({ settings: publicPost, media: [] }, null).step(), { category: 'fix-input' });
  });
});
