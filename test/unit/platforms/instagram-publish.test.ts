import { describe, expect, it } from 'vitest';
import { GRAPH_VERSION, hostsFor } from '../../../functions/platforms/hosts';
import { createInstagramAdapter } from '../../../functions/platforms/instagram';
import {
  NOW,
  aFakePlatform,
  aPublishContext,
  aPublisher,
  aVideo,
  anApp,
  anImage,
  clock,
  expectCheckpointBefore,
  expectDueRightBefore,
  expectPlatformError,
  type Reply,
} from './fake-platform';

const account = { accountId: '17840000000000001', accountName: '@cornercafe' };
const V = `/${GRAPH_VERSION}`;
const status = (status_code: string): Reply => ({ body: { id: 'c1', status_code } });
const permalink: Reply = { body: { id: 'm1', permalink: 'https://www.instagram.com/p/ABC123/' } };
const graphErr = (code: number, error_subcode?: number, headers?: Record<string, string>): Reply => ({
  status: 400,
  body: { error: { message: 'err', type: 'OAuthException', code, ...(error_subcode ? { error_subcode } : {}), fbtrace_id: 'x' } },
  ...(headers ? { headers } : {}),
});

function anInstagram(
  request: Partial<Parameters<typeof aPublishContext>[1]>,
  checkpoint: Parameters<typeof aPublishContext>[2],
  ...replies: Parameters<typeof aFakePlatform>
) {
  return anInstagramAt(clock, request, checkpoint, ...replies);
}

function anInstagramAt(
  now: () => Date,
  request: Partial<Parameters<typeof aPublishContext>[1]>,
  checkpoint: Parameters<typeof aPublishContext>[2],
  ...replies: Parameters<typeof aFakePlatform>
) {
  return aPublisher('instagram', { ...account, ...request }, checkpoint, replies, now);
}

describe('Instagram publishStep', () => {
  it('creates an image container, publishes it once FINISHED and returns the permalink', async () => {
    const { step, requests } = anInstagram({ media: [anImage()] }, null, { body: { id: 'c1' } }, status('FINISHED'), { body: { id: 'm1' } }, permalink);

    const result = await step();

    expect(result).toEqual({ status: 'posted', platformPostId: 'm1', postUrl: 'https://www.instagram.com/p/ABC123/' });
    expect(requests[0]!.url.href).toBe(`https://graph.instagram.com${V}/17840000000000001/media`);
    expect(requests[0]!.form).toMatchObject({ image_url: anImage().url, caption: 'Fresh sourdough at 7am #bakery' });
    expect(requests[2]!.url.pathname).toBe(`${V}/17840000000000001/media_publish`);
    expect(requests[2]!.form).toMatchObject({ creation_id: 'c1' });
  });

  it('saves the container id and the attempt before media_publish', async () => {
    const { step, timeline } = anInstagram({ media: [anImage()] }, null, { body: { id: 'c1' } }, status('FINISHED'), { body: { id: 'm1' } }, permalink);

    await step();

    expectCheckpointBefore(timeline, 'publishAttemptedAt', `POST ${V}/17840000000000001/media_publish`);
  });

  it('prepares the container ahead of time and waits for the due second right before media_publish', async () => {
    const { step, timeline } = anInstagram({ media: [anImage()] }, null, { body: { id: 'c1' } }, status('FINISHED'), { body: { id: 'm1' } }, permalink);

    await step();

    expect(timeline.indexOf(`POST ${V}/17840000000000001/media`)).toBeLessThan(timeline.indexOf('due'));
    expectDueRightBefore(timeline, 'publishAttemptedAt', `POST ${V}/17840000000000001/media_publish`);
  });

  it('publishes a single video as a reel and waits while the container processes', async () => {
    const { step, requests, saved } = anInstagram({ media: [aVideo()] }, null, { body: { id: 'c1' } }, status('IN_PROGRESS'));

    await expect(step()).resolves.toEqual({ status: 'wait', retryAfterSeconds: 3 });
    expect(requests[0]!.form).toMatchObject({ media_type: 'REELS', video_url: aVideo().url });
    expect(saved).toEqual([{ containerId: 'c1', processingSince: NOW.toISOString() }]);
  });

  it('makes a carousel from several images: children first, then the parent with the caption', async () => {
    const { step, requests } = anInstagram(
      { media: [anImage(1), anImage(2)] },
      null,
      { body: { id: 'k1' } },
      { body: { id: 'k2' } },
      status('FINISHED'),
      status('FINISHED'),
      { body: { id: 'p1' } },
      status('FINISHED'),
      { body: { id: 'm1' } },
      permalink,
    );

    await expect(step()).resolves.toMatchObject({ status: 'posted', platformPostId: 'm1' });
    expect(requests[0]!.form).toMatchObject({ is_carousel_item: 'true', image_url: anImage(1).url });
    expect(requests[0]!.form.caption).toBeUndefined();
    expect(requests[4]!.form).toMatchObject({ media_type: 'CAROUSEL', children: 'k1,k2', caption: 'Fresh sourdough at 7am #bakery' });
  });

  it('after a lost answer, sees the container PUBLISHED and finds the media instead of publishing again', async () => {
    const { step, requests } = anInstagram({ media: [anImage()] }, { containerId: 'c1', publishAttemptedAt: NOW.toISOString() }, status('PUBLISHED'), {
      body: {
        data: [{ id: 'm9', caption: 'Fresh sourdough at 7am #bakery', permalink: 'https://www.instagram.com/p/XYZ/', timestamp: '2026-11-22T05:00:01+0000' }],
      },
    });

    await expect(step()).resolves.toEqual({ status: 'posted', platformPostId: 'm9', postUrl: 'https://www.instagram.com/p/XYZ/' });
    expect(requests.some((r) => r.url.pathname.endsWith('/media_publish'))).toBe(false);
  });

  it('after a lost answer with the container still FINISHED, publishes it (it never went out)', async () => {
    const { step, requests } = anInstagram(
      { media: [anImage()] },
      { containerId: 'c1', publishAttemptedAt: NOW.toISOString() },
      status('FINISHED'),
      { body: { id: 'm1' } },
      permalink,
    );

    await expect(step()).resolves.toMatchObject({ status: 'posted', platformPostId: 'm1' });
    expect(requests.filter((r) => r.url.pathname.endsWith('/media_publish'))).toHaveLength(1);
  });

  it('starts again with a new container when the old one EXPIRED unpublished', async () => {
    const { step, requests } = anInstagram({ media: [anImage()] }, { containerId: 'old' }, status('EXPIRED'), { body: { id: 'c2' } }, status('IN_PROGRESS'));

    await expect(step()).resolves.toMatchObject({ status: 'wait' });
    expect(requests[1]!.url.pathname).toBe(`${V}/17840000000000001/media`);
  });

  it('waits when media_publish says the media is not ready (9007)', async () => {
    const { step } = anInstagram(
      { media: [anImage()] },
      { containerId: 'c1', processingSince: NOW.toISOString() },
      status('FINISHED'),
      graphErr(9007, 2207027),
    );

    await expect(step()).resolves.toEqual({ status: 'wait', retryAfterSeconds: 3 });
  });

  it('says when the daily publishing limit frees up', async () => {
    const buc = JSON.stringify({ instagram: [{ estimated_time_to_regain_access: 65 }] });
    const { step } = anInstagram({ media: [anImage()] }, { containerId: 'c1' }, status('FINISHED'), graphErr(9, 2207042, { 'x-business-use-case-usage': buc }));

    const error = await expectPlatformError(step(), { category: 'backoff', retryAfterSeconds: 3900 });
    expect(error.message).toBe("Instagram's daily publishing limit is reached; try again after 06:05 UTC.");
  });

  it.each([
    ['media not reachable', graphErr(9004, 2207052), 'fix-input', /couldn't download the media/],
    ['image too large', graphErr(36000, 2207004), 'fix-input', /8 MB/],
    ['caption too long', graphErr(36004, 2207010), 'fix-input', /2,200/],
    ['unsupported video', graphErr(352, 2207026), 'fix-input', /MP4/],
    [
      'rate limit',
      graphErr(4, undefined, { 'x-business-use-case-usage': JSON.stringify({ a: [{ estimated_time_to_regain_access: 10 }] }) }),
      'backoff',
      /after 05:10 UTC/,
    ],
    ['expired token', graphErr(190, 463), 'reauth', /Your Instagram connection has expired; reconnect it on Platforms/],
    ['server error', { status: 500, body: { error: { message: 'x', code: 2, is_transient: true } } }, 'retry', /temporary problem/],
    ['spam', graphErr(4, 2207051), 'stop', /spam/],
  ] as const)('maps %s to %s', async (_label, reply, category, message) => {
    const { step } = anInstagram({ media: [anImage()] }, null, reply as Reply);

    const error = await expectPlatformError(step(), { category }, ['publish-token-c2VjcmV0LXRva2VuLXZhbHVl']);
    expect(error.message).toMatch(message);
  });

  it('fails a processing ERROR as something to fix, and asks for media when there is none', async () => {
    await expectPlatformError(anInstagram({ media: [anImage()] }, { containerId: 'c1' }, { body: { status_code: 'ERROR', status: 'Error: 2207053' } }).step(), {
      category: 'fix-input',
    });
    await expectPlatformError(anInstagram({ media: [] }, null).step(), { category: 'fix-input' });
  });
});

const isWait = (r: unknown): r is { status: 'wait'; retryAfterSeconds: number } =>
  typeof r === 'object' && r !== null && (r as { status?: unknown }).status === 'wait';

describe('Instagram container polling (Meta: about once a minute, for at most 5 minutes)', () => {
  it('asks again 3 s after creating the container, then once a minute, and fails after 5 minutes with a clear message', async () => {
    // Every status check answers IN_PROGRESS; the fake clock moves by each wait, as the engine's re-delivery would.
    let at = NOW.getTime();
    const now = () => new Date(at);
    let checkpoint: Parameters<typeof aPublishContext>[2] = null;
    const waits: number[] = [];
    let outcome: unknown;
    for (let i = 0; i < 20 && outcome === undefined; i++) {
      const replies: Reply[] = checkpoint ? [status('IN_PROGRESS')] : [{ body: { id: 'c1' } }, status('IN_PROGRESS')];
      const { step, saved } = anInstagramAt(now, { media: [aVideo()] }, checkpoint, ...replies);
      const result: unknown = await step().catch((error: unknown) => error);
      if (saved.length) checkpoint = saved[saved.length - 1]!;
      if (isWait(result)) {
        waits.push(result.retryAfterSeconds);
        at += result.retryAfterSeconds * 1000;
      } else outcome = result;
    }

    expect(waits).toEqual([3, 60, 60, 60, 60, 57]);
    expect((at - NOW.getTime()) / 1000).toBe(300);
    expect(checkpoint).toMatchObject({ containerId: 'c1', processingSince: NOW.toISOString() });
    expect(outcome).toMatchObject({
      name: 'PlatformError',
      category: 'stop',
      message: 'Instagram was still processing the media after 5 minutes; please try again.',
    });
  });

  it('publishes as soon as a check finds the container FINISHED within the 5 minutes', async () => {
    const threeMinutesIn = () => new Date(NOW.getTime() + 183_000);
    const { step } = anInstagramAt(
      threeMinutesIn,
      { media: [aVideo()] },
      { containerId: 'c1', processingSince: NOW.toISOString() },
      status('FINISHED'),
      { body: { id: 'm1' } },
      permalink,
    );

    await expect(step()).resolves.toMatchObject({ status: 'posted', platformPostId: 'm1' });
  });

  it('keeps the start time of the first container through a carousel, so children and parent share the 5 minutes', async () => {
    const twoSecondsLeft = () => new Date(NOW.getTime() + 298_000);
    const { step, saved } = anInstagramAt(
      twoSecondsLeft,
      { media: [anImage(1), anImage(2)] },
      { children: 'k1,k2', processingSince: NOW.toISOString() },
      status('FINISHED'),
      status('FINISHED'),
      { body: { id: 'p1' } },
      status('IN_PROGRESS'),
    );

    // The parent's early look (3 s) is cut to the 2 s left of the budget its children started.
    await expect(step()).resolves.toEqual({ status: 'wait', retryAfterSeconds: 2 });
    expect(saved).toEqual([{ containerId: 'p1', processingSince: NOW.toISOString(), containerMadeAt: twoSecondsLeft().toISOString() }]);
  });

  it('starts the clock on the first look when a checkpoint from before this rule has no start time', async () => {
    const { step, saved } = anInstagram({ media: [aVideo()] }, { containerId: 'c1' }, status('IN_PROGRESS'));

    await expect(step()).resolves.toEqual({ status: 'wait', retryAfterSeconds: 3 });
    expect(saved).toEqual([{ containerId: 'c1', processingSince: NOW.toISOString() }]);
  });
});

describe('Instagram content_publishing_limit', () => {
  it('reads the account quota from content_publishing_limit with quota_usage and config', async () => {
    const platform = aFakePlatform({ body: { data: [{ quota_usage: 7, config: { quota_total: 50, quota_duration: 86400 } }] } });
    const adapter = createInstagramAdapter({ app: anApp, hosts: hostsFor('instagram'), fetch: platform.fetch, now: clock });

    const limit = await adapter.publishingLimit({ accessToken: 'publish-token-c2VjcmV0LXRva2VuLXZhbHVl', expiresAt: null }, account.accountId);

    expect(limit).toEqual({ used: 7, total: 50, windowSeconds: 86400 });
    const url = platform.requests[0]!.url;
    expect(url.pathname).toBe(`${V}/17840000000000001/content_publishing_limit`);
    expect(url.searchParams.get('fields')).toBe('quota_usage,config');
  });

  it('asks for a reconnect when the token is refused, without leaking it', async () => {
    const platform = aFakePlatform(graphErr(190, 463));
    const adapter = createInstagramAdapter({ app: anApp, hosts: hostsFor('instagram'), fetch: platform.fetch, now: clock });

    await expectPlatformError(
      adapter.publishingLimit({ accessToken: 'publish-token-c2VjcmV0LXRva2VuLXZhbHVl', expiresAt: null }, account.accountId),
      { category: 'reauth' },
      ['publish-token-c2VjcmV0LXRva2VuLXZhbHVl'],
    );
  });
});
