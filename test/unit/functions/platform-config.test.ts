import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLATFORMS } from '../../../shared/platforms';
import { initiateConnect } from '../../../functions/domain/connections';
import { resetEnvForTests } from '../../../functions/lib/env';
import { ValidationError } from '../../../functions/lib/errors';
import { configuredAdapter, resetPlatformConfigForTests } from '../../../functions/platforms/configured';
import { hostsFor } from '../../../functions/platforms/hosts';
import { createMetricsReader, METRICS_BATCH_SIZES, metricsReaderFor, MetricsUnavailableError } from '../../../functions/platforms/metrics';

const saved = { ...process.env };

beforeEach(() => {
  Object.assign(process.env, {
    TABLE_NAME: 'table',
    MEDIA_BUCKET: 'bucket',
    APP_ORIGIN: 'https://app.example.com/',
    PLATFORM_SANDBOX_URL: 'http://localhost:9/_sandbox',
    PLATFORM_CREDENTIALS: JSON.stringify({ x: { clientId: 'x-id', clientSecret: 'x-secret' } }),
  });
  resetEnvForTests();
  resetPlatformConfigForTests();
});

afterEach(() => {
  vi.unstubAllGlobals();
  process.env = { ...saved };
  resetEnvForTests();
  resetPlatformConfigForTests();
});

describe('platform configuration', () => {
  it('builds an adapter with our callback as redirect URI, pointed at the sandbox', async () => {
    // Act
    const adapter = await configuredAdapter('x');

    // Assess
    const url = new URL(adapter!.authorizeUrl({ state: 's', codeChallenge: 'c' }));
    expect(url.origin + url.pathname).toBe('http://localhost:9/_sandbox/x/www/i/oauth2/authorize');
    expect(url.searchParams.get('redirect_uri')).toBe('https://app.example.com/api/oauth/x/callback');
    expect(url.searchParams.get('client_id')).toBe('x-id');
  });

  it('treats a platform without credentials as not available: "coming soon", before anything is stored', async () => {
    // Act
    const failure = await initiateConnect({ userId: 'user-1', workspaceId: 'user-1' }, 'facebook').catch((e: unknown) => e);

    // Assess
    expect(await configuredAdapter('facebook')).toBeUndefined();
    expect(failure).toBeInstanceOf(ValidationError);
    expect((failure as ValidationError).message).toBe('Facebook is coming soon');
  });
});

describe('metrics readers (analytics collection)', () => {
  const tokens = { accessToken: 'at', expiresAt: null, scopes: ['tweet.read', 'users.read'] };

  it('reads X metrics through the configured hosts with our app, the ids in one request', async () => {
    // Arrange
    const seen: string[] = [];
    vi.stubGlobal('fetch', (input: string | URL) => {
      seen.push(String(input));
      return Promise.resolve(
        Response.json({
          data: [
            { id: '1', public_metrics: { impression_count: 7, like_count: 2 } },
            { id: '2', public_metrics: { impression_count: 3 } },
          ],
        }),
      );
    });

    // Act
    const reader = await metricsReaderFor('x', { now: () => new Date('2026-01-01T00:00:00Z') });
    const results = await reader.readMetrics(tokens, { accountId: 'acc', platformPostIds: ['1', '2'] });

    // Assess
    expect(seen).toHaveLength(1);
    expect(new URL(seen[0]!).origin + new URL(seen[0]!).pathname).toBe('http://localhost:9/_sandbox/x/api/2/tweets');
    expect(results.map((r) => (r.status === 'ok' ? [r.platformPostId, r.metrics.views] : r.status))).toEqual([
      ['1', 7],
      ['2', 3],
    ]);
  });

  it('says a platform without our app is not available, so the collector retries later', async () => {
    // Act
    const failure = await metricsReaderFor('youtube', { now: () => new Date() }).catch((e: unknown) => e);

    // Assess
    expect(failure).toBeInstanceOf(MetricsUnavailableError);
    expect((failure as Error).message).toBe('Reading metrics from YouTube is not available');
  });

  it.each(PLATFORMS)('puts as many %s ids in one sweep message as its reader reads at once', (platform) => {
    // Act
    const reader = createMetricsReader(platform, {
      app: { clientId: 'id', clientSecret: 'secret', redirectUri: 'https://app.example.com/cb' },
      hosts: hostsFor(platform),
      fetch: () => Promise.reject(new Error('no network')),
      now: () => new Date(),
    });

    // Assess
    expect(reader.metricsBatchSize).toBe(METRICS_BATCH_SIZES[platform]);
  });
});
