import { describe, expect, it } from 'vitest';
import { createFacebookMetricsReader, FACEBOOK_ANALYTICS_SCOPES } from '../../../../functions/platforms/facebook-metrics';
import { FACEBOOK_SCOPES } from '../../../../functions/platforms/facebook';
import { GRAPH_VERSION, hostsFor } from '../../../../functions/platforms/hosts';
import type { TokenSet } from '../../../../functions/platforms/types';
import { aFakePlatform, anApp, clock, expectPlatformError, type Reply } from '../../platforms/fake-platform';

const PAGE_TOKEN = 'EAApageTokenA0123456789abcdefghijklmn';
const tokens: TokenSet = { accessToken: PAGE_TOKEN, expiresAt: null };
const PAGE = '102030405060708';
const POST = `${PAGE}_998877665544`;

const aReader = (...replies: Reply[]) => {
  const fake = aFakePlatform(...replies);
  return { ...fake, reader: createFacebookMetricsReader({ app: anApp, hosts: hostsFor('facebook'), fetch: fake.fetch, now: clock }) };
};
const postReply = (shares: number | undefined, reactions: number, comments: number): Reply => ({
  body: {
    id: POST,
    ...(shares === undefined ? {} : { shares: { count: shares } }),
    reactions: { data: [], summary: { total_count: reactions, viewer_reaction: 'NONE' } },
    comments: { data: [], summary: { order: 'ranked', total_count: comments, can_comment: true } },
  },
});
const insightsReply = (views: number, viewers: number): Reply => ({
  body: {
    data: [
      {
        name: 'post_media_view',
        period: 'lifetime',
        values: [{ value: views }],
        title: 'Lifetime Media views',
        description: '',
        id: `${POST}/insights/post_media_view/lifetime`,
      },
      { name: 'post_total_media_view_unique', period: 'lifetime', values: [{ value: viewers }], title: '', description: '', id: `${POST}/insights/x/lifetime` },
    ],
  },
});
const graphError = (status: number, code: number, extra: Record<string, unknown> = {}, headers?: Record<string, string>): Reply => ({
  status,
  body: { error: { message: `(#${code}) refused`, type: 'OAuthException', code, fbtrace_id: 'AbC', ...extra } },
  ...(headers ? { headers } : {}),
});
const read = (reader: ReturnType<typeof aReader>['reader'], id = POST) => reader.readMetrics(tokens, { accountId: PAGE, platformPostIds: [id] });

describe('Facebook metrics reader', () => {
  it('asks for read_insights at sign-in and names it (with pages_read_engagement) as the analytics scopes', () => {
    expect(FACEBOOK_SCOPES).toEqual(expect.arrayContaining(['read_insights', 'pages_read_engagement']));
    expect(FACEBOOK_ANALYTICS_SCOPES).toEqual(['read_insights', 'pages_read_engagement']);
    expect(aReader().reader.metricsBatchSize).toBe(1);
  });

  it("reads a post's reactions, comments and shares, then its media views and viewers", async () => {
    const { reader, requests } = aReader(postReply(3, 41, 6), insightsReply(2100, 1500));

    expect(await read(reader)).toEqual([
      { platformPostId: POST, status: 'ok', metrics: { views: 2100, reach: 1500, likes: 41, comments: 6, shares: 3, saves: null } },
    ]);
    const [post, insights] = requests.map((r) => r.url);
    expect(`${post!.origin}${post!.pathname}`).toBe(`https://graph.facebook.com/${GRAPH_VERSION}/${POST}`);
    expect(post!.searchParams.get('fields')).toBe('shares,reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0)');
    expect(`${insights!.origin}${insights!.pathname}`).toBe(`https://graph.facebook.com/${GRAPH_VERSION}/${POST}/insights`);
    expect(insights!.searchParams.get('metric')).toBe('post_media_view,post_total_media_view_unique');
    expect(insights!.searchParams.get('period')).toBe('lifetime');
    expect(insights!.searchParams.get('access_token')).toBe(PAGE_TOKEN);
  });

  it('counts no shares when Graph leaves the shares field out (nobody shared yet)', async () => {
    const { reader } = aReader(postReply(undefined, 2, 0), insightsReply(10, 9));

    const [result] = await read(reader);

    expect(result).toMatchObject({ status: 'ok', metrics: { shares: 0, likes: 2, comments: 0 } });
  });

  it("reads a video through its Page post (the video id's post_id)", async () => {
    const { reader, requests } = aReader({ body: { id: '998877665544', post_id: POST } }, postReply(1, 2, 3), insightsReply(40, 30));

    expect(await read(reader, '998877665544')).toEqual([
      { platformPostId: '998877665544', status: 'ok', metrics: { views: 40, reach: 30, likes: 2, comments: 3, shares: 1, saves: null } },
    ]);
    expect(requests[0]!.url.searchParams.get('fields')).toBe('post_id');
    expect(requests[1]!.url.pathname).toBe(`/${GRAPH_VERSION}/${POST}`);
  });

  it('answers gone for a deleted post (code 100, subcode 33) and asks nothing more', async () => {
    const { reader, requests } = aReader(graphError(400, 100, { error_subcode: 33, type: 'GraphMethodException' }));

    expect(await read(reader)).toEqual([{ platformPostId: POST, status: 'gone' }]);
    expect(requests).toHaveLength(1);
  });

  it('asks to reconnect for an expired token (190)', async () => {
    const { reader } = aReader(graphError(400, 190, { error_subcode: 463 }));

    await expectPlatformError(read(reader), { category: 'reauth', code: '190/463' }, [PAGE_TOKEN]);
  });

  it('treats a missing read_insights (#10) or Page permission (#200) as fix-input', async () => {
    const first = aReader(postReply(0, 0, 0), graphError(403, 10));
    const error = await expectPlatformError(read(first.reader), { category: 'fix-input', code: 10 }, [PAGE_TOKEN]);
    expect(error.message).toMatch(/reconnect Facebook to see analytics/);

    await expectPlatformError(read(aReader(graphError(403, 200)).reader), { category: 'fix-input', code: 200 });
  });

  it('backs off for the Page rate limit (32) as long as X-Business-Use-Case-Usage says', async () => {
    const buc = JSON.stringify({ [PAGE]: [{ type: 'pages', call_count: 100, total_cputime: 50, total_time: 50, estimated_time_to_regain_access: 12 }] });
    const { reader } = aReader(graphError(400, 32, { is_transient: true }, { 'x-business-use-case-usage': buc }));

    await expectPlatformError(read(reader), { category: 'backoff', retryAfterSeconds: 720, code: 32 });
  });

  it('backs off a quarter of an hour for the app limit (4), whose X-App-Usage header gives no time', async () => {
    const { reader } = aReader(
      graphError(400, 4, { is_transient: true }, { 'x-app-usage': JSON.stringify({ call_count: 100, total_cputime: 25, total_time: 25 }) }),
    );

    await expectPlatformError(read(reader), { category: 'backoff', retryAfterSeconds: 900, code: 4 });
  });
});
