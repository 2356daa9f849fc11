import { describe, expect, it } from 'vitest';
import {
  NOW,
  aFakePlatform,
  aPublishContext,
  aPublisher,
  anImage,
  expectCheckpointBefore,
  expectDueRightBefore,
  expectPlatformError,
  type Reply,
} from './fake-platform';

const account = { accountId: '1790000000000000001', accountName: '@ada_bakes' };
const created: Reply = {
  status: 201,
  body: { data: { id: '1860000000000000001', text: 'Fresh sourdough at 7am #bakery', edit_history_tweet_ids: ['1860000000000000001'] } },
};
const duplicate: Reply = {
  status: 403,
  body: { detail: 'You are not allowed to create a Tweet with duplicate content.', type: 'about:blank', title: 'Forbidden', status: 403 },
};

/** One page of 100 other posts on the timeline (plus `ours` at its end), with X's `next_token` when more follow. */
function timelinePage(n: number, nextToken?: string, ours?: { id: string; text: string; created_at: string }): Reply {
  const others = Array.from({ length: ours ? 99 : 100 }, (_, i) => ({
    id: `18700000000000${String(n * 1000 + i).padStart(5, '0')}`,
    text: `Another post ${n}-${i}`,
    created_at: NOW.toISOString(),
  }));
  const data = ours ? [...others, ours] : others;
  return {
    body: { data, meta: { result_count: data.length, newest_id: data[0]!.id, oldest_id: data.at(-1)!.id, ...(nextToken ? { next_token: nextToken } : {}) } },
  };
}

function anX(checkpoint: Parameters<typeof aPublishContext>[2], ...replies: Parameters<typeof aFakePlatform>) {
  return aPublisher('x', { ...account, media: [anImage()] }, checkpoint, replies);
}

describe('X publishStep', () => {
  it('posts the caption as text only, ignoring media, and links the post on x.com', async () => {
    const { step, requests } = anX(null, created);

    const result = await step();

    expect(result).toEqual({ status: 'posted', platformPostId: '1860000000000000001', postUrl: 'https://x.com/ada_bakes/status/1860000000000000001' });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url.href).toBe('https://api.x.com/2/tweets');
    expect(JSON.parse(requests[0]!.body)).toEqual({ text: 'Fresh sourdough at 7am #bakery' });
  });

  it('saves "create attempted at" before sending the post', async () => {
    const { step, timeline, saved } = anX(null, created);

    await step();

    expectCheckpointBefore(timeline, 'createAttemptedAt', 'POST /2/tweets');
    expect(saved[0]).toEqual({ createAttemptedAt: NOW.toISOString() });
  });

  it('waits for the due second after saving the marker, right before the post goes out', async () => {
    const { step, timeline } = anX(null, created);

    await step();

    expectDueRightBefore(timeline, 'createAttemptedAt', 'POST /2/tweets');
  });

  it('takes the marker back when X refused the post, so a later retry is a fresh create', async () => {
    const { step, saved } = anX(null, { status: 503, body: { title: 'Service Unavailable', detail: 'Service Unavailable', type: 'about:blank', status: 503 } });

    await expectPlatformError(step(), { category: 'retry' });
    expect(saved.at(-1)).toEqual({});
  });

  it('keeps the marker when the answer was lost', async () => {
    const { step, saved } = anX(null, 'network-error');

    await expectPlatformError(step(), { category: 'retry' });
    expect(saved.at(-1)).toHaveProperty('createAttemptedAt');
  });

  it('after a lost answer, finds the post on the timeline and does not post again', async () => {
    const { step, requests } = anX(
      { createAttemptedAt: NOW.toISOString() },
      { body: { data: [{ id: '1860000000000000009', text: 'Fresh sourdough at 7am #bakery', created_at: NOW.toISOString() }], meta: { result_count: 1 } } },
    );

    const result = await step();

    expect(result).toMatchObject({ status: 'posted', platformPostId: '1860000000000000009' });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url.pathname).toBe('/2/users/1790000000000000001/tweets');
    expect(requests[0]!.url.searchParams.get('start_time')).toBe(new Date(NOW.getTime() - 120_000).toISOString());
  });

  it("names the timeline's field parameter post.fields, as X's current OpenAPI does (not the older tweet.fields)", async () => {
    const { step, requests } = anX(
      { createAttemptedAt: NOW.toISOString() },
      { body: { data: [{ id: '1860000000000000009', text: 'Fresh sourdough at 7am #bakery' }], meta: { result_count: 1 } } },
    );

    await step();

    expect(requests[0]!.url.searchParams.get('post.fields')).toBe('created_at');
    expect(requests[0]!.url.searchParams.has('tweet.fields')).toBe(false);
  });

  it('after a lost answer, pages back along next_token and finds the post on page 3', async () => {
    const { step, requests } = anX(
      { createAttemptedAt: NOW.toISOString() },
      timelinePage(1, 'tok-page-2-aaaaaaaaaa'),
      timelinePage(2, 'tok-page-3-bbbbbbbbbb'),
      timelinePage(3, undefined, { id: '1860000000000000009', text: 'Fresh sourdough at 7am #bakery', created_at: NOW.toISOString() }),
    );

    const result = await step();

    expect(result).toMatchObject({ status: 'posted', platformPostId: '1860000000000000009' });
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(Array(3).fill('GET /2/users/1790000000000000001/tweets'));
    expect(requests.map((r) => r.url.searchParams.get('pagination_token'))).toEqual([null, 'tok-page-2-aaaaaaaaaa', 'tok-page-3-bbbbbbbbbb']);
    for (const r of requests) {
      expect(r.url.searchParams.get('start_time')).toBe(new Date(NOW.getTime() - 120_000).toISOString());
      expect(r.url.searchParams.get('max_results')).toBe('100');
    }
  });

  it("stops paging at X's 3,200-post reach (32 pages), then posts again guarded by the duplicate check", async () => {
    const pages = Array.from({ length: 32 }, (_, i) => timelinePage(i + 1, `tok-page-${i + 2}-cccccccccc`));
    const { step, requests } = anX({ createAttemptedAt: NOW.toISOString() }, ...pages, duplicate);

    await expectPlatformError(step(), { category: 'unknown-outcome' });
    expect(requests.filter((r) => r.method === 'GET')).toHaveLength(32);
    expect(requests.map((r) => r.method).at(-1)).toBe('POST');
  });

  it('surfaces a rate limit on a later lookup page like one on the first', async () => {
    const { step, requests } = anX({ createAttemptedAt: NOW.toISOString() }, timelinePage(1, 'tok-page-2-dddddddddd'), {
      status: 429,
      body: { title: 'Too Many Requests', status: 429 },
      headers: { 'x-rate-limit-reset': String(NOW.getTime() / 1000 + 600) },
    });

    await expectPlatformError(step(), { category: 'backoff', retryAfterSeconds: 600 }, ['publish-token-c2VjcmV0LXRva2VuLXZhbHVl']);
    expect(requests.map((r) => r.method)).toEqual(['GET', 'GET']);
  });

  it('after a lost answer with no trace, posts again guarded by the duplicate check', async () => {
    const { step, requests } = anX({ createAttemptedAt: NOW.toISOString() }, { body: { meta: { result_count: 0 } } }, created);

    await expect(step()).resolves.toMatchObject({ status: 'posted' });
    expect(requests.map((r) => r.method)).toEqual(['GET', 'POST']);
  });

  it('treats a duplicate answer on that retry as an unknown outcome, never as success', async () => {
    const { step } = anX({ createAttemptedAt: NOW.toISOString() }, { body: { meta: { result_count: 0 } } }, duplicate);

    const error = await expectPlatformError(step(), { category: 'unknown-outcome' });
    expect(error.message).toContain("We couldn't confirm this post went out; check your account");
  });

  it.each([
    ['a duplicate on a fresh post', duplicate, 'stop', /duplicate of a recent post/],
    [
      '429 with a reset',
      { status: 429, body: { title: 'Too Many Requests', status: 429 }, headers: { 'x-rate-limit-reset': String(NOW.getTime() / 1000 + 600) } },
      'backoff',
      /try again after 05:10 UTC/,
    ],
    [
      'the 24-hour cap',
      {
        status: 429,
        body: { title: 'Too Many Requests', status: 429 },
        headers: {
          'x-rate-limit-reset': String(NOW.getTime() / 1000 + 60),
          'x-user-limit-24hour-remaining': '0',
          'x-user-limit-24hour-reset': String(NOW.getTime() / 1000 + 3600),
        },
      },
      'backoff',
      /after 06:00 UTC/,
    ],
    [
      '401',
      { status: 401, body: { title: 'Unauthorized', status: 401, detail: 'Unauthorized' } },
      'reauth',
      /Your X connection has expired; reconnect it on Platforms/,
    ],
    ['503', { status: 503, body: { title: 'Service Unavailable', status: 503 } }, 'retry', /temporary problem/],
    ['text too long', { status: 403, body: { title: 'Forbidden', status: 403, detail: 'Your Tweet text is too long.' } }, 'fix-input', /280 characters/],
    ['no credits', { status: 402, body: { title: 'CreditsDepleted', detail: 'Your account has no credits' } }, 'stop', /credits/],
  ] as const)('maps %s to %s with a plain message', async (_label, reply, category, message) => {
    const { step } = anX(null, reply as Reply);

    const error = await expectPlatformError(step(), { category }, ['publish-token-c2VjcmV0LXRva2VuLXZhbHVl']);
    expect(error.message).toMatch(message);
  });

  it('asks for a caption when there is no text', async () => {
    const { step, requests } = aPublisher('x', { ...account, caption: '  ' }, null, []);

    await expectPlatformError(step(), { category: 'fix-input' });
    expect(requests).toHaveLength(0);
  });
});
