import { describe, expect, it } from 'vitest';
import { GRAPH_VERSION, hostsFor } from '../../../../functions/platforms/hosts';
import { createInstagramMetricsReader, INSTAGRAM_ANALYTICS_SCOPES } from '../../../../functions/platforms/instagram-metrics';
import { INSTAGRAM_SCOPES } from '../../../../functions/platforms/instagram';
import type { TokenSet } from '../../../../functions/platforms/types';
import { aFakePlatform, anApp, clock, expectPlatformError, type Reply } from '../../platforms/fake-platform';

const TOKEN = 'IGAALlongLivedToken0123456789abcdefghijkl';
const tokens: TokenSet = { accessToken: TOKEN, expiresAt: null };
const account = { accountId: '17841400000000001' };

const aReader = (...replies: Reply[]) => {
  const fake = aFakePlatform(...replies);
  return { ...fake, reader: createInstagramMetricsReader({ app: anApp, hosts: hostsFor('instagram'), fetch: fake.fetch, now: clock }) };
};
const row = (name: string, value: number) => ({
  name,
  period: 'lifetime',
  values: [{ value }],
  title: name,
  description: name,
  id: `1790/insights/${name}/lifetime`,
});
const graphError = (status: number, code: number, extra: Record<string, unknown> = {}, headers?: Record<string, string>): Reply => ({
  status,
  body: { error: { message: `(#${code}) refused`, type: 'OAuthException', code, fbtrace_id: 'AbC', ...extra } },
  ...(headers ? { headers } : {}),
});

describe('Instagram metrics reader', () => {
  it('asks for the insights scope at sign-in and names it as the analytics scope', () => {
    expect(INSTAGRAM_SCOPES).toContain('instagram_business_manage_insights');
    expect(INSTAGRAM_ANALYTICS_SCOPES).toEqual(['instagram_business_manage_insights']);
    expect(aReader().reader.metricsBatchSize).toBe(1);
  });

  it('reads one media id per call and maps views, reach, likes, comments, shares and saved', async () => {
    const { reader, requests } = aReader({
      body: { data: [row('views', 1200), row('reach', 900), row('likes', 80), row('comments', 7), row('shares', 4), row('saved', 11)] },
    });

    const results = await reader.readMetrics(tokens, { ...account, platformPostIds: ['17900000000000001'] });

    expect(results).toEqual([
      { platformPostId: '17900000000000001', status: 'ok', metrics: { views: 1200, reach: 900, likes: 80, comments: 7, shares: 4, saves: 11 } },
    ]);
    const url = requests[0]!.url;
    expect(`${url.origin}${url.pathname}`).toBe(`https://graph.instagram.com/${GRAPH_VERSION}/17900000000000001/insights`);
    expect(url.searchParams.get('metric')).toBe('views,reach,likes,comments,shares,saved');
    expect(url.searchParams.get('access_token')).toBe(TOKEN);
  });

  it('reads a metric Instagram left out of the answer (no data yet) as null, not 0', async () => {
    const { reader } = aReader({ body: { data: [row('views', 5), row('likes', 1)] } });

    const [result] = await reader.readMetrics(tokens, { ...account, platformPostIds: ['1'] });

    expect(result).toEqual({ platformPostId: '1', status: 'ok', metrics: { views: 5, reach: null, likes: 1, comments: null, shares: null, saves: null } });
  });

  it('answers gone for a deleted media (code 100, subcode 33)', async () => {
    const { reader } = aReader(graphError(400, 100, { error_subcode: 33, type: 'GraphMethodException' }));

    expect(await reader.readMetrics(tokens, { ...account, platformPostIds: ['179'] })).toEqual([{ platformPostId: '179', status: 'gone' }]);
  });

  it('asks to reconnect for an expired token (190)', async () => {
    const { reader } = aReader(graphError(400, 190, { error_subcode: 463 }));

    await expectPlatformError(reader.readMetrics(tokens, { ...account, platformPostIds: ['179'] }), { category: 'reauth', code: '190/463' }, [TOKEN]);
  });

  it('treats a missing insights permission (#10) as fix-input, not a broken connection', async () => {
    const { reader } = aReader(graphError(403, 10));

    const error = await expectPlatformError(reader.readMetrics(tokens, { ...account, platformPostIds: ['179'] }), { category: 'fix-input', code: 10 }, [TOKEN]);
    expect(error.message).toMatch(/reconnect Instagram to see analytics/);
  });

  it('backs off for a rate limit, as long as the usage header says', async () => {
    const buc = JSON.stringify({ '17841400000000001': [{ type: 'instagram', call_count: 100, estimated_time_to_regain_access: 7 }] });
    const { reader } = aReader(graphError(400, 4, { is_transient: true }, { 'x-business-use-case-usage': buc }));

    await expectPlatformError(reader.readMetrics(tokens, { ...account, platformPostIds: ['179'] }), { category: 'backoff', retryAfterSeconds: 420, code: 4 });
  });

  it('backs off a quarter of an hour when the rate limit gives no time (X-App-Usage only)', async () => {
    const { reader } = aReader(graphError(400, 17, {}, { 'x-app-usage': JSON.stringify({ call_count: 100, total_cputime: 20, total_time: 30 }) }));

    await expectPlatformError(reader.readMetrics(tokens, { ...account, platformPostIds: ['179'] }), { category: 'backoff', retryAfterSeconds: 900, code: 17 });
  });

  it('refuses to guess when Instagram rejects a metric (code 100 without subcode)', async () => {
    const { reader } = aReader(graphError(400, 100));

    await expectPlatformError(reader.readMetrics(tokens, { ...account, platformPostIds: ['179'] }), { category: 'fix-input', code: 100 });
  });
});
