import { describe, expect, it } from 'vitest';
import { hostsFor } from '../../../functions/platforms/hosts';
import { createAdapter } from '../../../functions/platforms/registry';
import { NOW, aFakePlatform, aPublishContext, aVideo, anApp, clock, expectCheckpointBefore, expectDueRightBefore, expectPlatformError, type Reply } from './fake-platform';

const account = { accountId: '-000sbxOpenIdAdaBakes001', accountName: '@adabakes' };
const ok = (data: unknown): Reply => ({ body: { data, error: { code: 'ok', message: '', log_id: 'L1' } } });
const apiErr = (status: number, code: string): Reply => ({ status, body: { data: {}, error: { code, message: code, log_id: 'L2' } } });
const creator = ok({ creator_username: 'adabakes', creator_nickname: 'Ada Bakes', privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'], max_video_post_duration_sec: 600 });
const initOk = ok({ publish_id: 'v_pub_url~v2-1.7' });
/** TikTok's raw int64: beyond JS numbers. */
const complete: Reply = { body: '{"data":{"status":"PUBLISH_COMPLETE","publicaly_available_post_id":[7234567890123456789],"uploaded_bytes":0,"downloaded_bytes":1000},"error":{"code":"ok","message":"","log_id":"L"}}' };

function aTikTok(request: Partial<Parameters<typeof aPublishContext>[1]>, checkpoint: Parameters<typeof aPublishContext>[2], ...replies: Parameters<typeof aFakePlatform>) {
  const platform = aFakePlatform(...replies);
  const publish = aPublishContext(platform, { ...account, media: [aVideo()], ...request }, checkpoint);
  const adapter = createAdapter('tiktok', { app: anApp, hosts: hostsFor('tiktok'), fetch: publish.fetch, now: clock });
  return { ...publish, requests: platform.requests, step: () => adapter.publishStep(publish.context) };
}

describe('TikTok publishStep', () => {
  it('reads creator_info, inits a PULL_FROM_URL direct post as public, and saves the publish_id', async () => {
    const { step, requests, saved, timeline } = aTikTok({}, null, creator, initOk);

    await expect(step()).resolves.toEqual({ status: 'wait', retryAfterSeconds: 10 });
    expect(requests.map((r) => r.url.pathname)).toEqual(['/v2/post/publish/creator_info/query/', '/v2/post/publish/video/init/']);
    expect(JSON.parse(requests[1]!.body)).toMatchObject({
      post_info: { title: 'Fresh sourdough at 7am #bakery', privacy_level: 'PUBLIC_TO_EVERYONE' },
      source_info: { source: 'PULL_FROM_URL', video_url: aVideo().url },
    });
    expectCheckpointBefore(timeline, 'initAttemptedAt', 'POST /v2/post/publish/video/init/');
    expect(saved.at(-1)).toEqual({ username: 'adabakes', privacy: 'PUBLIC_TO_EVERYONE', publishId: 'v_pub_url~v2-1.7' });
  });

  it('reads creator_info ahead of time and waits for the due second right before the init', async () => {
    const { step, timeline } = aTikTok({}, null, creator, initOk);

    await step();

    expect(timeline[0]).toBe('POST /v2/post/publish/creator_info/query/');
    expectDueRightBefore(timeline, 'initAttemptedAt', 'POST /v2/post/publish/video/init/');
  });

  it('posts privately as SELF_ONLY', async () => {
    const { step, requests } = aTikTok({ settings: { tiktok_private: true } }, null, creator, initOk);

    await step();
    expect(JSON.parse(requests[1]!.body).post_info.privacy_level).toBe('SELF_ONLY');
  });

  it('sends a draft to the inbox with the inbox init and no post_info', async () => {
    const { step, requests } = aTikTok({ settings: { tiktok_draft: true } }, null, initOk);

    await step();
    expect(requests[0]!.url.pathname).toBe('/v2/post/publish/inbox/video/init/');
    expect(JSON.parse(requests[0]!.body)).toEqual({ source_info: { source: 'PULL_FROM_URL', video_url: aVideo().url } });
  });

  it('keeps polling the status with the saved publish_id, never calling init again', async () => {
    const { step, requests } = aTikTok({}, { publishId: 'v_pub_url~v2-1.7', username: 'adabakes', privacy: 'PUBLIC_TO_EVERYONE' }, ok({ status: 'PROCESSING_DOWNLOAD' }));

    await expect(step()).resolves.toEqual({ status: 'wait', retryAfterSeconds: 10 });
    expect(requests.map((r) => r.url.pathname)).toEqual(['/v2/post/publish/status/fetch/']);
    expect(JSON.parse(requests[0]!.body)).toEqual({ publish_id: 'v_pub_url~v2-1.7' });
  });

  it('finishes with the post URL, keeping every digit of the int64 post id', async () => {
    const { step } = aTikTok({}, { publishId: 'p', username: 'adabakes', privacy: 'PUBLIC_TO_EVERYONE' }, complete);

    await expect(step()).resolves.toEqual({ status: 'posted', platformPostId: '7234567890123456789', postUrl: 'https://www.tiktok.com/@adabakes/video/7234567890123456789' });
  });

  it('links the profile for a private post (no public id) and for an inbox draft', async () => {
    const privately = aTikTok({}, { publishId: 'p', username: 'adabakes', privacy: 'SELF_ONLY' }, ok({ status: 'PUBLISH_COMPLETE', publicaly_available_post_id: [] }));
    const draft = aTikTok({}, { publishId: 'd', username: 'adabakes', privacy: 'SELF_ONLY' }, ok({ status: 'SEND_TO_USER_INBOX' }));

    await expect(privately.step()).resolves.toEqual({ status: 'posted', platformPostId: 'p', postUrl: 'https://www.tiktok.com/@adabakes' });
    await expect(draft.step()).resolves.toEqual({ status: 'posted', platformPostId: 'd', postUrl: 'https://www.tiktok.com/@adabakes' });
  });

  it('waits for moderation of a public post before linking just the profile', async () => {
    const { step, saved } = aTikTok({}, { publishId: 'p', username: 'adabakes', privacy: 'PUBLIC_TO_EVERYONE' }, ok({ status: 'PUBLISH_COMPLETE', publicaly_available_post_id: [] }));

    await expect(step()).resolves.toMatchObject({ status: 'wait' });
    expect(saved.at(-1)).toMatchObject({ completeSeenAt: NOW.toISOString() });
  });

  it('reports an unknown outcome for an init whose answer was lost (no publish_id to ask about)', async () => {
    const { step, requests } = aTikTok({}, { initAttemptedAt: NOW.toISOString() });

    const error = await expectPlatformError(step(), { category: 'unknown-outcome' });
    expect(error.message).toContain("We couldn't confirm this post went out; check your account");
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
    const { step, saved } = aTikTok({}, null, creator, reply);

    const error = await expectPlatformError(step(), { category }, ['publish-token-c2VjcmV0LXRva2VuLXZhbHVl']);
    expect(error.message).toMatch(message);
    expect(saved.at(-1)).toEqual({});
  });

  it('asks for a video when there is none', async () => {
    await expectPlatformError(aTikTok({ media: [] }, null).step(), { category: 'fix-input' });
  });
});
