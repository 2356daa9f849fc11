import { describe, expect, it } from 'vitest';
import { THREADS_VERSION } from '../../../functions/platforms/hosts';
import {
  NOW,
  aPublisher,
  aVideo,
  anAdapter,
  anImage,
  expectCheckpointBefore,
  expectDueRightBefore,
  expectPlatformError,
  inSeconds,
  signInRequest,
  type Reply,
} from './fake-platform';

const account = { accountId: '27300000000000001', accountName: '@cornercafe' };
const V = `/${THREADS_VERSION}`;
const status = (s: string, error_message?: string): Reply => ({ body: { id: 'c1', status: s, ...(error_message ? { error_message } : {}) } });
const permalink: Reply = { body: { id: 'm1', permalink: 'https://www.threads.net/@cornercafe/post/ABC' } };
const graphErr = (code: number, error_subcode?: number, headers?: Record<string, string>): Reply => ({
  status: 400,
  body: { error: { message: 'err', type: 'OAuthException', code, ...(error_subcode ? { error_subcode } : {}), fbtrace_id: 'x' } },
  ...(headers ? { headers } : {}),
});
const aThreads = (request: Partial<Parameters<typeof aPublisher>[1]>, checkpoint: Parameters<typeof aPublisher>[2], ...replies: Reply[]) =>
  aPublisher('threads', { ...account, ...request }, checkpoint, replies);

describe('Threads sign-in', () => {
  it('sends the user to threads.net with the Threads scopes, without PKCE', () => {
    const { adapter } = anAdapter('threads');

    const { pkce, endpoint, query } = signInRequest(adapter);

    expect(pkce).toBe(false);
    expect(endpoint).toBe('https://threads.net/oauth/authorize');
    expect(query).toMatchObject({ client_id: 'client-123', response_type: 'code', state: 'st-1' });
    expect(query.scope!.split(',')).toEqual(
      expect.arrayContaining(['threads_basic', 'threads_content_publish', 'threads_manage_replies', 'threads_read_replies', 'threads_manage_insights']),
    );
  });

  it('posts the code for a short-lived token, then exchanges it with th_exchange_token for 60 days', async () => {
    const { adapter, requests } = anAdapter(
      'threads',
      { body: { access_token: 'short-tok-1234', user_id: 273000000000001 } },
      { body: { access_token: 'long-tok-5678', token_type: 'bearer', expires_in: 5183944 } },
    );

    const tokens = await adapter.exchangeCode({ code: 'code-abc' });

    expect(requests[0]!.url.href).toBe('https://graph.threads.net/oauth/access_token');
    expect(requests[0]!.form).toMatchObject({ grant_type: 'authorization_code', code: 'code-abc', client_secret: 'app-secret-456' });
    expect(requests[1]!.url.pathname).toBe('/access_token');
    expect(Object.fromEntries(requests[1]!.url.searchParams)).toMatchObject({ grant_type: 'th_exchange_token', access_token: 'short-tok-1234' });
    expect(tokens).toEqual({ accessToken: 'long-tok-5678', issuedAt: NOW.toISOString(), expiresAt: inSeconds(5183944) });
  });

  it('leaves a token younger than a day alone, refreshes an older one with th_refresh_token, and asks to reconnect once expired', async () => {
    const young = anAdapter('threads');
    const fresh = { accessToken: 'tok-young', issuedAt: inSeconds(-3600), expiresAt: inSeconds(59 * 86400) };
    await expect(young.adapter.refresh(fresh)).resolves.toBe(fresh);
    expect(young.requests).toHaveLength(0);

    const old = anAdapter('threads', { body: { access_token: 'tok-new', token_type: 'bearer', expires_in: 5184000 } });
    const next = await old.adapter.refresh({ accessToken: 'tok-old', issuedAt: inSeconds(-2 * 86400), expiresAt: inSeconds(58 * 86400) });
    expect(Object.fromEntries(old.requests[0]!.url.searchParams)).toMatchObject({ grant_type: 'th_refresh_token', access_token: 'tok-old' });
    expect(next).toMatchObject({ accessToken: 'tok-new', expiresAt: inSeconds(5184000) });

    await expectPlatformError(anAdapter('threads').adapter.refresh({ accessToken: 'tok-dead', expiresAt: inSeconds(-1) }), { category: 'reauth' });
  });

  it('reads the profile id and @username from /v1.0/me', async () => {
    const { adapter, requests } = anAdapter('threads', { body: { id: '273', username: 'cornercafe', threads_profile_picture_url: 'https://p/x.jpg' } });

    const [profile] = await adapter.profiles({ accessToken: 'tok-abcd', expiresAt: null });

    expect(requests[0]!.url.pathname).toBe(`${V}/me`);
    expect(profile).toMatchObject({ accountId: '273', accountName: '@cornercafe', pictureUrl: 'https://p/x.jpg' });
  });

  it('reads the live publishing limit', async () => {
    const { adapter, requests } = anAdapter('threads', { body: { data: [{ quota_usage: 12, config: { quota_total: 250, quota_duration: 86400 } }] } });

    await expect(adapter.publishingLimit({ accessToken: 'tok-abcd', expiresAt: null }, '273')).resolves.toEqual({ used: 12, total: 250, windowSeconds: 86400 });
    expect(requests[0]!.url.pathname).toBe(`${V}/273/threads_publishing_limit`);
    expect(requests[0]!.url.searchParams.get('fields')).toBe('quota_usage,config');
  });
});

describe('Threads publishStep', () => {
  it('makes a TEXT container, publishes it once FINISHED, and returns the permalink', async () => {
    const { step, requests, timeline } = aThreads({ media: [] }, null, { body: { id: 'c1' } }, status('FINISHED'), { body: { id: 'm1' } }, permalink);

    await expect(step()).resolves.toEqual({ status: 'posted', platformPostId: 'm1', postUrl: 'https://www.threads.net/@cornercafe/post/ABC' });
    expect(requests[0]!.url.href).toBe(`https://graph.threads.net${V}/27300000000000001/threads`);
    expect(requests[0]!.form).toMatchObject({ media_type: 'TEXT', text: 'Fresh sourdough at 7am #bakery' });
    expect(requests[1]!.url.searchParams.get('fields')).toBe('status,error_message');
    expect(requests[2]!.form).toMatchObject({ creation_id: 'c1' });
    expectDueRightBefore(timeline, 'publishAttemptedAt', `POST ${V}/27300000000000001/threads_publish`);
  });

  it('sends an image as IMAGE and a video as VIDEO with the text', async () => {
    const image = aThreads({ media: [anImage()] }, null, { body: { id: 'c1' } }, status('IN_PROGRESS'));
    await expect(image.step()).resolves.toEqual({ status: 'wait', retryAfterSeconds: 3 });
    expect(image.requests[0]!.form).toMatchObject({ media_type: 'IMAGE', image_url: anImage().url, text: 'Fresh sourdough at 7am #bakery' });

    const video = aThreads({ media: [aVideo()] }, null, { body: { id: 'c1' } }, status('IN_PROGRESS'));
    await video.step();
    expect(video.requests[0]!.form).toMatchObject({ media_type: 'VIDEO', video_url: aVideo().url });
  });

  it('makes carousel items, saving each, then the CAROUSEL container over them', async () => {
    const { step, requests, saved } = aThreads(
      { media: [anImage(1), anImage(2)] },
      null,
      { body: { id: 'i1' } },
      { body: { id: 'i2' } },
      status('FINISHED'),
      status('FINISHED'),
      { body: { id: 'c9' } },
      status('IN_PROGRESS'),
    );

    await expect(step()).resolves.toMatchObject({ status: 'wait' });
    expect(requests[0]!.form).toMatchObject({ media_type: 'IMAGE', is_carousel_item: 'true' });
    expect(requests[0]!.form.text).toBeUndefined();
    expect(saved[0]).toMatchObject({ carouselItems: 'i1' });
    expect(requests[4]!.form).toMatchObject({ media_type: 'CAROUSEL', children: 'i1,i2', text: 'Fresh sourdough at 7am #bakery' });
  });

  it('refuses more than 20 files and text over 500 characters before calling Threads', async () => {
    const many = aThreads({ media: Array.from({ length: 21 }, (_, i) => anImage(i)) }, null);
    const error = await expectPlatformError(many.step(), { category: 'fix-input' });
    expect(error.message).toBe('A Threads carousel takes 2 to 20 photos or videos.');

    const long = aThreads({ caption: 'a'.repeat(501) }, null);
    await expectPlatformError(long.step(), { category: 'fix-input' });
    expect([...many.requests, ...long.requests]).toHaveLength(0);
  });

  it('after a lost publish answer, finds the post in the profile threads instead of publishing again', async () => {
    const attempt = NOW.toISOString();
    const { step, requests } = aThreads({}, { containerId: 'c1', processingSince: attempt, publishAttemptedAt: attempt }, status('PUBLISHED'), {
      body: {
        data: [
          { id: 'm7', text: 'Fresh sourdough at 7am #bakery', permalink: 'https://www.threads.net/@cornercafe/post/Z', timestamp: '2026-11-22T05:00:01+0000' },
        ],
      },
    });

    await expect(step()).resolves.toEqual({ status: 'posted', platformPostId: 'm7', postUrl: 'https://www.threads.net/@cornercafe/post/Z' });
    expect(requests.map((r) => r.url.pathname)).toEqual([`${V}/c1`, `${V}/27300000000000001/threads`]);
  });

  it('publishes a FINISHED container after a lost answer, since it did not go out', async () => {
    const { step, requests, timeline } = aThreads(
      {},
      { containerId: 'c1', processingSince: NOW.toISOString(), publishAttemptedAt: NOW.toISOString() },
      status('FINISHED'),
      { body: { id: 'm1' } },
      permalink,
    );

    await expect(step()).resolves.toMatchObject({ status: 'posted', platformPostId: 'm1' });
    expect(requests.filter((r) => r.url.pathname.endsWith('/threads_publish'))).toHaveLength(1);
    expectCheckpointBefore(timeline, 'publishAttemptedAt', `POST ${V}/27300000000000001/threads_publish`);
  });

  it('starts over on EXPIRED, and fails an ERROR as something to fix with Threads’ reason', async () => {
    const expired = aThreads({}, { containerId: 'old' }, status('EXPIRED'), { body: { id: 'c2' } }, status('IN_PROGRESS'));
    await expect(expired.step()).resolves.toMatchObject({ status: 'wait' });
    expect(expired.requests[1]!.form).toMatchObject({ media_type: 'TEXT' });

    const error = await expectPlatformError(aThreads({ media: [aVideo()] }, { containerId: 'c1' }, status('ERROR', 'FAILED_PROCESSING_VIDEO')).step(), {
      category: 'fix-input',
    });
    expect(error.message).toContain('FAILED_PROCESSING_VIDEO');
  });

  it('backs off until the daily limit frees a slot, and asks for a reconnect on an expired token', async () => {
    const buc = JSON.stringify({ threads: [{ estimated_time_to_regain_access: 65 }] });
    const limited = aThreads({}, { containerId: 'c1' }, status('FINISHED'), graphErr(4, undefined, { 'x-business-use-case-usage': buc }));
    const error = await expectPlatformError(limited.step(), { category: 'backoff', retryAfterSeconds: 3900 });
    expect(error.message).toBe("Threads' limit of 250 posts a day is reached; we'll try again after 06:05 UTC.");

    await expectPlatformError(aThreads({}, null, graphErr(190, 463)).step(), { category: 'reauth' }, ['publish-token-c2VjcmV0LXRva2VuLXZhbHVl']);
  });
});

describe('Threads first comments', () => {
  it('replies with reply_to_id under the post once it is out, and publishes the reply', async () => {
    const { step, requests } = aThreads(
      { settings: { first_comment: 'Link in bio' } },
      null,
      { body: { id: 'c1' } },
      status('FINISHED'),
      { body: { id: 'm1' } },
      permalink,
      { body: { id: 'rc1' } },
      { body: { id: 'r1' } },
      { body: { id: 'r1', permalink: 'https://www.threads.net/@cornercafe/post/R' } },
    );

    await expect(step()).resolves.toMatchObject({
      status: 'posted',
      followUps: { first_comment: { status: 'posted', url: 'https://www.threads.net/@cornercafe/post/R' } },
    });
    expect(requests[4]!.form).toMatchObject({ media_type: 'TEXT', text: 'Link in bio', reply_to_id: 'm1' });
    expect(requests[5]!.form).toMatchObject({ creation_id: 'rc1' });
  });
});

describe('Threads thread chains', () => {
  it('posts each further part as a reply to the one before', async () => {
    const reply = (container: string, id: string): Reply[] => [{ body: { id: container } }, { body: { id } }, { body: { id, permalink: `https://t/${id}` } }];
    const { step, requests } = aThreads(
      { settings: { thread: ['Part two', 'Part three'] } },
      null,
      { body: { id: 'c1' } },
      status('FINISHED'),
      { body: { id: 'm1' } },
      permalink,
      ...reply('rc2', 'p2'),
      ...reply('rc3', 'p3'),
    );

    await expect(step()).resolves.toMatchObject({
      status: 'posted',
      followUps: { thread: { total: 3, posted: 3, urls: ['https://www.threads.net/@cornercafe/post/ABC', 'https://t/p2', 'https://t/p3'] } },
    });
    const containers = requests.filter((r) => r.form.reply_to_id);
    expect(containers.map((r) => [r.form.text, r.form.reply_to_id])).toEqual([
      ['Part two', 'm1'],
      ['Part three', 'p2'],
    ]);
  });
});
