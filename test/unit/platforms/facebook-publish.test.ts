import { describe, expect, it } from 'vitest';
import { GRAPH_VERSION } from '../../../functions/platforms/hosts';
import {
  NOW,
  aFakePlatform,
  aPublishContext,
  aPublisher,
  aVideo,
  anImage,
  expectCheckpointBefore,
  expectDueRightBefore,
  expectPlatformError,
  type Reply,
} from './fake-platform';

const PAGE = '61500000000000001';
const account = { accountId: PAGE, accountName: 'Corner Café' };
const V = `/${GRAPH_VERSION}`;
const graphErr = (code: number, error_subcode?: number, headers?: Record<string, string>): Reply => ({
  status: 400,
  body: { error: { message: `(#${code}) err`, type: 'OAuthException', code, ...(error_subcode ? { error_subcode } : {}), fbtrace_id: 'x' } },
  ...(headers ? { headers } : {}),
});

/** One feed page of 100 other posts (plus `ours` at its end), with `paging.next` when more follow. */
function feedPage(n: number, next?: string, ours?: { id: string; message: string; created_time: string; permalink_url: string }): Reply {
  const others = Array.from({ length: ours ? 99 : 100 }, (_, i) => ({
    id: `${PAGE}_${n}${String(i).padStart(3, '0')}`,
    message: `Another post ${n}-${i}`,
    created_time: '2026-11-22T05:00:03+0000',
  }));
  return { body: { data: ours ? [...others, ours] : others, paging: { cursors: { before: `b${n}`, after: `a${n}` }, ...(next ? { next } : {}) } } };
}

function aFacebook(
  request: Partial<Parameters<typeof aPublishContext>[1]>,
  checkpoint: Parameters<typeof aPublishContext>[2],
  ...replies: Parameters<typeof aFakePlatform>
) {
  return aPublisher('facebook', { ...account, ...request }, checkpoint, replies);
}

describe('Facebook publishStep', () => {
  it('posts text to /feed with the Page token and links the post', async () => {
    const { step, requests, timeline } = aFacebook({}, null, { body: { id: `${PAGE}_111` } });

    await expect(step()).resolves.toEqual({ status: 'posted', platformPostId: `${PAGE}_111`, postUrl: `https://www.facebook.com/${PAGE}_111` });
    expect(requests[0]!.url.href).toBe(`https://graph.facebook.com${V}/${PAGE}/feed`);
    expect(requests[0]!.form).toEqual({ message: 'Fresh sourdough at 7am #bakery', access_token: 'publish-token-c2VjcmV0LXRva2VuLXZhbHVl' });
    expectCheckpointBefore(timeline, 'createAttemptedAt', `POST ${V}/${PAGE}/feed`);
  });

  it('posts one image through /photos, checkpointing first', async () => {
    const { step, requests, timeline } = aFacebook({ media: [anImage()] }, null, { body: { id: '222', post_id: `${PAGE}_222` } });

    await expect(step()).resolves.toMatchObject({ platformPostId: `${PAGE}_222` });
    expect(requests[0]!.form).toMatchObject({ url: anImage().url, message: 'Fresh sourdough at 7am #bakery' });
    expectCheckpointBefore(timeline, 'createAttemptedAt', `POST ${V}/${PAGE}/photos`);
  });

  it('posts several images as unpublished photos attached to one feed post', async () => {
    const { step, requests, timeline } = aFacebook(
      { media: [anImage(1), anImage(2)] },
      null,
      { body: { id: 'p1' } },
      { body: { id: 'p2' } },
      { body: { id: `${PAGE}_333` } },
    );

    await expect(step()).resolves.toMatchObject({ platformPostId: `${PAGE}_333` });
    expect(requests[0]!.form).toMatchObject({ published: 'false' });
    expect(JSON.parse(requests[2]!.form.attached_media!)).toEqual([{ media_fbid: 'p1' }, { media_fbid: 'p2' }]);
    expectCheckpointBefore(timeline, 'createAttemptedAt', `POST ${V}/${PAGE}/feed`);
  });

  it('uploads the unpublished photos ahead of time and waits for the due second right before the feed post', async () => {
    const { step, timeline } = aFacebook(
      { media: [anImage(1), anImage(2)] },
      null,
      { body: { id: 'p1' } },
      { body: { id: 'p2' } },
      { body: { id: `${PAGE}_333` } },
    );

    await step();

    expect(timeline.slice(0, 2)).toEqual([`POST ${V}/${PAGE}/photos`, `POST ${V}/${PAGE}/photos`]);
    expectDueRightBefore(timeline, 'createAttemptedAt', `POST ${V}/${PAGE}/feed`);
  });

  it('posts a video through /videos with file_url and waits for processing', async () => {
    const { step, requests, saved, timeline } = aFacebook(
      { media: [aVideo()] },
      null,
      { body: { id: 'v1' } },
      { body: { id: 'v1', status: { video_status: 'processing' } } },
    );

    await expect(step()).resolves.toEqual({ status: 'wait', retryAfterSeconds: 15 });
    expect(requests[0]!.form).toMatchObject({ file_url: aVideo().url, description: 'Fresh sourdough at 7am #bakery' });
    expect(saved.at(-1)).toEqual({ kind: 'video', videoId: 'v1' });
    expectCheckpointBefore(timeline, 'createAttemptedAt', `POST ${V}/${PAGE}/videos`);
  });

  it('finishes a processed video with its permalink', async () => {
    const { step } = aFacebook(
      { media: [aVideo()] },
      { kind: 'video', videoId: 'v1' },
      { body: { id: 'v1', permalink_url: `https://www.facebook.com/${PAGE}/videos/v1`, status: { video_status: 'ready' } } },
    );

    await expect(step()).resolves.toEqual({ status: 'posted', platformPostId: 'v1', postUrl: `https://www.facebook.com/${PAGE}/videos/v1` });
  });

  it('after a lost answer, finds the post in the Page feed by its text', async () => {
    const { step, requests } = aFacebook(
      {},
      { kind: 'feed', createAttemptedAt: NOW.toISOString() },
      {
        body: {
          data: [
            {
              id: `${PAGE}_9`,
              message: 'Fresh sourdough at 7am #bakery',
              created_time: '2026-11-22T05:00:02+0000',
              permalink_url: `https://www.facebook.com/${PAGE}_9`,
            },
          ],
        },
      },
    );

    await expect(step()).resolves.toMatchObject({ status: 'posted', platformPostId: `${PAGE}_9` });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url.searchParams.get('since')).toBe(String(NOW.getTime() / 1000 - 120));
  });

  it('after a lost answer, follows paging.next and finds the post on page 3', async () => {
    const next2 = `https://graph.facebook.com${V}/${PAGE}/feed?limit=100&after=QVFIUjI&access_token=publish-token-c2VjcmV0LXRva2VuLXZhbHVl`;
    const next3 = `https://graph.facebook.com${V}/${PAGE}/feed?limit=100&after=QVFIUjM&access_token=publish-token-c2VjcmV0LXRva2VuLXZhbHVl`;
    const { step, requests } = aFacebook(
      {},
      { kind: 'feed', createAttemptedAt: NOW.toISOString() },
      feedPage(1, next2),
      feedPage(2, next3),
      feedPage(3, undefined, {
        id: `${PAGE}_9`,
        message: 'Fresh sourdough at 7am #bakery',
        created_time: '2026-11-22T05:00:02+0000',
        permalink_url: `https://www.facebook.com/${PAGE}_9`,
      }),
    );

    await expect(step()).resolves.toMatchObject({ status: 'posted', platformPostId: `${PAGE}_9` });
    expect(requests.map((r) => r.url.href)).toEqual([expect.stringContaining(`https://graph.facebook.com${V}/${PAGE}/feed?`), next2, next3]);
    expect(requests[0]!.url.searchParams.get('limit')).toBe('100');
    expect(requests[0]!.url.searchParams.get('since')).toBe(String(NOW.getTime() / 1000 - 120));
  });

  it('stops after 20 pages of 100 and reports an unknown outcome, never posting again', async () => {
    const pages = Array.from({ length: 20 }, (_, i) => feedPage(i + 1, `https://graph.facebook.com${V}/${PAGE}/feed?limit=100&after=QVFIU${i}&access_token=t`));
    const { step, requests } = aFacebook({}, { kind: 'feed', createAttemptedAt: NOW.toISOString() }, ...pages);

    await expectPlatformError(step(), { category: 'unknown-outcome' });
    expect(requests).toHaveLength(20);
    expect(requests.every((r) => r.method === 'GET')).toBe(true);
  });

  it('does not follow a paging.next that leaves the Graph host (it would carry the Page token)', async () => {
    const { step, requests } = aFacebook(
      {},
      { kind: 'feed', createAttemptedAt: NOW.toISOString() },
      feedPage(1, `https://graph.facebook.com.evil.example${V}/${PAGE}/feed?after=QVFIUjI&access_token=publish-token-c2VjcmV0LXRva2VuLXZhbHVl`),
    );

    await expectPlatformError(step(), { category: 'unknown-outcome' });
    expect(requests).toHaveLength(1);
  });

  it('surfaces a rate limit on a later lookup page like one on the first', async () => {
    const { step } = aFacebook(
      {},
      { kind: 'feed', createAttemptedAt: NOW.toISOString() },
      feedPage(1, `https://graph.facebook.com${V}/${PAGE}/feed?after=QVFIUjI&access_token=t`),
      graphErr(32),
    );

    await expectPlatformError(step(), { category: 'backoff' }, ['publish-token-c2VjcmV0LXRva2VuLXZhbHVl']);
  });

  it('pages through the uploaded videos too when a lost video is not on the first page', async () => {
    const videos = (n: number, extra: object[] = []) =>
      Array.from({ length: 100 - extra.length }, (_, i) => ({
        id: `v${n}${i}`,
        description: `Another ${n}-${i}`,
        created_time: '2026-11-22T05:00:03+0000',
      })).concat(extra as never[]);
    const { step, requests } = aFacebook(
      { media: [aVideo()] },
      { kind: 'video', createAttemptedAt: NOW.toISOString() },
      { body: { data: videos(1), paging: { next: `https://graph.facebook.com${V}/${PAGE}/videos?limit=100&after=QVFIUjI&access_token=t` } } },
      { body: { data: videos(2, [{ id: 'v7', description: 'Fresh sourdough at 7am #bakery', created_time: '2026-11-22T05:00:02+0000' }]) } },
      { body: { id: 'v7', status: { video_status: 'ready' } } },
    );

    await expect(step()).resolves.toMatchObject({ status: 'posted', platformPostId: 'v7' });
    expect(requests.map((r) => r.url.pathname)).toEqual([`${V}/${PAGE}/videos`, `${V}/${PAGE}/videos`, `${V}/v7`]);
  });

  it('after a lost answer on a video, finds it among the uploaded videos and keeps polling it', async () => {
    const { step } = aFacebook(
      { media: [aVideo()] },
      { kind: 'video', createAttemptedAt: NOW.toISOString() },
      { body: { data: [{ id: 'v7', description: 'Fresh sourdough at 7am #bakery', created_time: '2026-11-22T05:00:02+0000' }] } },
      { body: { id: 'v7', status: { video_status: 'processing' } } },
    );

    await expect(step()).resolves.toMatchObject({ status: 'wait' });
  });

  it('with no trace of the post, reports an unknown outcome and never posts again', async () => {
    const { step, requests } = aFacebook({}, { kind: 'feed', createAttemptedAt: NOW.toISOString() }, { body: { data: [] } });

    const error = await expectPlatformError(step(), { category: 'unknown-outcome' });
    expect(error.message).toContain("We couldn't confirm this post went out; check your account");
    expect(requests.every((r) => r.method === 'GET')).toBe(true);
  });

  it.each([
    ['duplicate 506', graphErr(506), 'stop', /duplicate of the last post/],
    [
      'page rate limit 32 with BUC',
      graphErr(32, undefined, { 'x-business-use-case-usage': JSON.stringify({ [PAGE]: [{ estimated_time_to_regain_access: 30 }] }) }),
      'backoff',
      /after 05:30 UTC/,
    ],
    ['app limit 4', graphErr(4), 'backoff', /limiting/],
    ['user limit 17', graphErr(17), 'backoff', /limiting/],
    ['custom limit 613', graphErr(613), 'backoff', /limiting/],
    ['revoked token 190', graphErr(190, 458), 'reauth', /Your Facebook connection has expired; reconnect it on Platforms/],
    ['missing permission 200', graphErr(200), 'reauth', /missing permission/],
    ['transient 2', { status: 500, body: { error: { message: 'x', code: 2, is_transient: true } } }, 'retry', /temporary problem/],
    ['photo not reachable 324', graphErr(324), 'fix-input', /couldn't download the photo/],
  ] as const)('maps %s to %s', async (_label, reply, category, message) => {
    const { step, saved } = aFacebook({ media: _label.includes('photo') ? [anImage()] : [] }, null, reply as Reply);

    const error = await expectPlatformError(step(), { category }, ['publish-token-c2VjcmV0LXRva2VuLXZhbHVl']);
    expect(error.message).toMatch(message);
    // Facebook answered, so nothing was created: the attempt marker is taken back.
    expect(saved.at(-1)).toEqual({});
  });

  it('maps a video Facebook could not fetch (389) and one it could not process', async () => {
    await expectPlatformError(aFacebook({ media: [aVideo()] }, null, graphErr(389)).step(), { category: 'fix-input' });
    await expectPlatformError(
      aFacebook({ media: [aVideo()] }, { kind: 'video', videoId: 'v1' }, { body: { id: 'v1', status: { video_status: 'error' } } }).step(),
      { category: 'fix-input' },
    );
  });
});
