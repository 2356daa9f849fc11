import { describe, expect, it } from 'vitest';
import { TIKTOK_SCOPES } from '../../../../functions/platforms/tiktok';
import { createTikTokMetricsReader } from '../../../../functions/platforms/tiktok-metrics';
import { expectPlatformError, type aFakePlatform } from '../../platforms/fake-platform';
import { METRICS_TOKENS as TOKENS, aMetricsReader, someIds } from './metrics-fakes';

const aTikTokReader = (...replies: Parameters<typeof aFakePlatform>) => aMetricsReader('tiktok', createTikTokMetricsReader, ...replies);
const ok = (videos: unknown[]) => ({ body: { data: { videos }, error: { code: 'ok', message: '', log_id: 'L1' } } });
const apiError = (status: number, code: string) => ({ status, body: { data: {}, error: { code, message: code, log_id: 'L2' } } });

describe('TikTok metrics reader', () => {
  it('POSTs the ids as filters.video_ids, asks for the four counts, and maps them; TikTok reports no saves or reach', async () => {
    const { read, reader, requests } = aTikTokReader(ok([{ id: '7300000000000000001', view_count: 500, like_count: 40, comment_count: 3, share_count: 2 }]));

    const results = await read(['7300000000000000001']);

    const [req] = requests;
    expect(req!.method).toBe('POST');
    expect(req!.url.href).toBe('https://open.tiktokapis.com/v2/video/query/?fields=id%2Cview_count%2Clike_count%2Ccomment_count%2Cshare_count');
    expect(req!.headers.authorization).toBe(`Bearer ${TOKENS.accessToken}`);
    expect(JSON.parse(req!.body)).toEqual({ filters: { video_ids: ['7300000000000000001'] } });
    expect(results).toEqual([
      { platformPostId: '7300000000000000001', status: 'ok', metrics: { views: 500, reach: null, likes: 40, comments: 3, shares: 2, saves: null } },
    ]);
    expect(reader.analyticsScopes).toEqual(['video.list']);
    expect(TIKTOK_SCOPES).toContain('video.list');
  });

  it('keeps every digit of a video id TikTok writes as a bare int64', async () => {
    const { read } = aTikTokReader({
      body: '{"data":{"videos":[{"id":7300000000000000123,"view_count":9}]},"error":{"code":"ok","message":"","log_id":"L"}}',
    });

    expect(await read(['7300000000000000123'])).toEqual([expect.objectContaining({ platformPostId: '7300000000000000123', status: 'ok' })]);
  });

  it('reports an id TikTok leaves out (deleted, or not this creator’s) as gone', async () => {
    const { read } = aTikTokReader(ok([]));

    expect(await read(['7300000000000000002'])).toEqual([{ platformPostId: '7300000000000000002', status: 'gone' }]);
  });

  it('asks for at most 20 ids a request', async () => {
    const { read, requests } = aTikTokReader(ok([]), ok([]), ok([]));

    await read(someIds(45));

    expect(requests.map((r) => (JSON.parse(r.body) as { filters: { video_ids: string[] } }).filters.video_ids.length)).toEqual([20, 20, 5]);
  });

  it('asks to reconnect on an invalid token, reads scope_not_authorized as a missing analytics scope, and a 429 as backoff', async () => {
    const { read } = aTikTokReader(apiError(401, 'access_token_invalid'), apiError(401, 'scope_not_authorized'), apiError(429, 'rate_limit_exceeded'));

    await expectPlatformError(read(['1']), { category: 'reauth' }, [TOKENS.accessToken]);
    await expectPlatformError(read(['1']), { category: 'fix-input', code: 'scope_not_authorized' });
    await expectPlatformError(read(['1']), { category: 'backoff', retryAfterSeconds: 60 });
  });
});
