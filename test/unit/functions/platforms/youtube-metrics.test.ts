import { describe, expect, it } from 'vitest';
import { createYouTubeMetricsReader, secondsUntilPacificMidnight } from '../../../../functions/platforms/youtube-metrics';
import { NOW, expectPlatformError, type aFakePlatform } from '../../platforms/fake-platform';
import { METRICS_TOKENS as TOKENS, aMetricsReader, someIds } from './metrics-fakes';

const aYouTubeReader = (...replies: Parameters<typeof aFakePlatform>) => aMetricsReader('youtube', createYouTubeMetricsReader, ...replies);
const googleError = (code: number, reason: string, status: string) => ({
  status: code,
  body: { error: { code, message: reason, errors: [{ message: reason, domain: 'global', reason }], status } },
});

describe('YouTube metrics reader', () => {
  it('reads part=statistics by id and maps the string counts; YouTube reports no shares, saves or reach', async () => {
    const { read, reader, requests } = aYouTubeReader({
      body: {
        items: [
          { id: 'vid-1', statistics: { viewCount: '1234', likeCount: '56', favoriteCount: '0', commentCount: '7' } },
          // Comments turned off: no commentCount.
          { id: 'vid-2', statistics: { viewCount: '10', likeCount: '1', favoriteCount: '0' } },
        ],
      },
    });

    const results = await read(['vid-1', 'vid-2']);

    expect(requests[0]!.url.href).toBe('https://www.googleapis.com/youtube/v3/videos?part=statistics&id=vid-1%2Cvid-2');
    expect(requests[0]!.headers.authorization).toBe(`Bearer ${TOKENS.accessToken}`);
    expect(results).toEqual([
      { platformPostId: 'vid-1', status: 'ok', metrics: { views: 1234, reach: null, likes: 56, comments: 7, shares: null, saves: null } },
      { platformPostId: 'vid-2', status: 'ok', metrics: { views: 10, reach: null, likes: 1, comments: null, shares: null, saves: null } },
    ]);
    expect(reader.analyticsScopes).toEqual(['https://www.googleapis.com/auth/youtube.readonly']);
  });

  it('reports a video missing from items (deleted) as gone', async () => {
    const { read } = aYouTubeReader({ body: { items: [{ id: 'vid-1', statistics: { viewCount: '3' } }] } });

    expect(await read(['vid-1', 'vid-gone'])).toContainEqual({ platformPostId: 'vid-gone', status: 'gone' });
  });

  it('asks for at most 50 ids a call', async () => {
    const { read, requests } = aYouTubeReader({ body: { items: [] } }, { body: { items: [] } }, { body: {} });

    const results = await read(someIds(120));

    expect(requests.map((r) => r.url.searchParams.get('id')!.split(',').length)).toEqual([50, 50, 20]);
    expect(results.every((r) => r.status === 'gone')).toBe(true);
  });

  it('asks to reconnect on an expired token, and reads insufficientPermissions as a missing analytics scope', async () => {
    const { read } = aYouTubeReader(googleError(401, 'authError', 'UNAUTHENTICATED'), googleError(403, 'insufficientPermissions', 'PERMISSION_DENIED'));

    await expectPlatformError(read(['vid-1']), { category: 'reauth' }, [TOKENS.accessToken]);
    await expectPlatformError(read(['vid-1']), { category: 'fix-input', code: 'insufficientPermissions' });
  });

  it('backs off on a rate limit (Retry-After), and until midnight Pacific once the daily quota is spent', async () => {
    const { read } = aYouTubeReader(
      { ...googleError(429, 'rateLimitExceeded', 'RESOURCE_EXHAUSTED'), headers: { 'retry-after': '30' } },
      googleError(403, 'quotaExceeded', 'PERMISSION_DENIED'),
    );

    await expectPlatformError(read(['vid-1']), { category: 'backoff', retryAfterSeconds: 30 });
    // NOW is 05:00Z = 21:00 Pacific (PST): three hours to midnight.
    expect(secondsUntilPacificMidnight(NOW)).toBe(3 * 3600);
    await expectPlatformError(read(['vid-1']), { category: 'backoff', retryAfterSeconds: 3 * 3600 });
  });
});
