import { describe, expect, it } from 'vitest';
import { createXMetricsReader } from '../../../../functions/platforms/x-metrics';
import { NOW, expectPlatformError, type aFakePlatform } from '../../platforms/fake-platform';
import { METRICS_TOKENS as TOKENS, aMetricsReader, someIds } from './metrics-fakes';

const anXReader = (...replies: Parameters<typeof aFakePlatform>) => aMetricsReader('x', createXMetricsReader, ...replies);

describe('X metrics reader', () => {
  it('reads public_metrics by id and maps impressions, likes, replies, reposts + quotes and bookmarks', async () => {
    const { reader, read, requests } = anXReader({
      body: {
        data: [
          {
            id: '111',
            text: 'hi',
            public_metrics: { impression_count: 900, like_count: 30, reply_count: 4, repost_count: 5, quote_count: 2, bookmark_count: 7 },
          },
        ],
      },
    });

    const results = await read(['111']);

    expect(requests[0]!.url.href).toBe('https://api.x.com/2/tweets?ids=111&post.fields=public_metrics');
    expect(requests[0]!.headers.authorization).toBe(`Bearer ${TOKENS.accessToken}`);
    expect(results).toEqual([{ platformPostId: '111', status: 'ok', metrics: { views: 900, reach: null, likes: 30, comments: 4, shares: 7, saves: 7 } }]);
    expect(reader.analyticsScopes).toEqual(['tweet.read', 'users.read']);
  });

  it('reports a post X answers with a Not Found error as gone', async () => {
    const { read } = anXReader({
      body: {
        data: [{ id: '111', text: 'hi', public_metrics: { impression_count: 1 } }],
        errors: [{ value: '222', resource_id: '222', title: 'Not Found Error', type: 'https://api.twitter.com/2/problems/resource-not-found' }],
      },
    });

    const results = await read(['111', '222']);

    expect(results.find((r) => r.platformPostId === '222')).toEqual({ platformPostId: '222', status: 'gone' });
    expect(results.find((r) => r.platformPostId === '111')?.status).toBe('ok');
  });

  it('asks for at most 100 ids a request', async () => {
    const { reader, read, requests } = anXReader({ body: { data: [] } }, { body: { data: [] } }, { body: { data: [] } });

    const results = await read(someIds(250));

    expect(reader.metricsBatchSize).toBe(100);
    expect(requests.map((r) => r.url.searchParams.get('ids')!.split(',').length)).toEqual([100, 100, 50]);
    expect(results).toHaveLength(250);
  });

  it('asks to reconnect on an expired or revoked token (401)', async () => {
    const { read } = anXReader({ status: 401, body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' } });

    await expectPlatformError(read(['111']), { category: 'reauth' }, [TOKENS.accessToken]);
  });

  it('reads a 403 as a grant without the read scopes (fix-input), and a client-forbidden app as stop', async () => {
    const { read } = anXReader(
      { status: 403, body: { title: 'Forbidden', type: 'about:blank', status: 403, detail: 'Forbidden' } },
      { status: 403, body: { title: 'Client Forbidden', type: 'https://api.twitter.com/2/problems/client-forbidden', reason: 'client-not-enrolled' } },
    );

    await expectPlatformError(read(['111']), { category: 'fix-input' });
    await expectPlatformError(read(['111']), { category: 'stop' });
  });

  it('backs off until x-rate-limit-reset on a 429', async () => {
    const reset = String(Math.floor(NOW.getTime() / 1000) + 600);
    const { read } = anXReader({
      status: 429,
      body: { title: 'Too Many Requests', status: 429 },
      headers: { 'x-rate-limit-reset': reset, 'x-rate-limit-remaining': '0' },
    });

    await expectPlatformError(read(['111']), { category: 'backoff', retryAfterSeconds: 600 });
  });
});
