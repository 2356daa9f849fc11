import { describe, expect, it } from 'vitest';
import { GRAPH_VERSION } from '../../../functions/platforms/hosts';
import { signInRequest, aFakePlatform, anAdapter, expectPlatformError, inSeconds, type Reply } from './fake-platform';

const SHORT = 'EAAshortLivedUserToken0123456789abcdef';
const LONG = 'EAAlongLivedUserToken0123456789abcdefgh';
const PAGE_A = 'EAApageTokenA0123456789abcdefghijklmn';
const PAGE_B = 'EAApageTokenB0123456789abcdefghijklmn';
const secrets = [SHORT, LONG, PAGE_A, PAGE_B, 'app-secret-456'];

// docs/platform-apis.md#facebook-auth: code → short-lived; fb_exchange_token → ~60 days.
const shortReply: Reply = { body: { access_token: SHORT, token_type: 'bearer', expires_in: 5400 } };
const longReply: Reply = { body: { access_token: LONG, token_type: 'bearer', expires_in: 5183944 } };
const graphError = (code: number, extra: Record<string, unknown> = {}): Reply => ({
  status: 400,
  body: { error: { message: 'Error validating access token', type: 'OAuthException', code, fbtrace_id: 'A6LJylpZRKw2xKLFsAP-cJh', ...extra } },
});

const aFacebook = (...replies: Parameters<typeof aFakePlatform>) => anAdapter('facebook', ...replies);

describe('Facebook sign-in', () => {
  it('sends the user to the versioned dialog with the Page permissions (read_insights too) and no PKCE', () => {
    expect(signInRequest(aFacebook().adapter)).toEqual({
      pkce: false,
      endpoint: `https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`,
      query: {
        client_id: 'client-123',
        redirect_uri: 'https://app.example/api/oauth/x/callback',
        state: 'st-1',
        response_type: 'code',
        scope: 'pages_show_list,pages_read_engagement,pages_manage_posts,publish_video,read_insights,pages_manage_engagement,pages_read_user_content',
      },
    });
  });

  it('exchanges the code, then trades the short-lived token for a long-lived user token', async () => {
    const { adapter, requests } = aFacebook(shortReply, longReply);

    const tokens = await adapter.exchangeCode({ code: 'code-1' });

    expect(requests.map((r) => [r.method, `${r.url.origin}${r.url.pathname}`])).toEqual([
      ['GET', `https://graph.facebook.com/${GRAPH_VERSION}/oauth/access_token`],
      ['GET', `https://graph.facebook.com/${GRAPH_VERSION}/oauth/access_token`],
    ]);
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toEqual({
      client_id: 'client-123',
      redirect_uri: 'https://app.example/api/oauth/x/callback',
      client_secret: 'app-secret-456',
      code: 'code-1',
    });
    expect(Object.fromEntries(requests[1]!.url.searchParams)).toEqual({
      grant_type: 'fb_exchange_token',
      client_id: 'client-123',
      client_secret: 'app-secret-456',
      fb_exchange_token: SHORT,
    });
    expect(tokens).toEqual({ accessToken: LONG, issuedAt: inSeconds(0), expiresAt: inSeconds(5183944) });
  });
});

describe('Facebook Pages', () => {
  it('returns one account per Page, each with its own non-expiring Page token', async () => {
    const { adapter, requests } = aFacebook({
      body: {
        data: [
          {
            id: '101',
            name: 'Corner Bakery',
            access_token: PAGE_A,
            picture: { data: { height: 50, is_silhouette: false, url: 'https://cdn.example/a.jpg', width: 50 } },
          },
          { id: '202', name: 'Corner Bakery Events', access_token: PAGE_B },
        ],
        paging: { cursors: { before: 'QVFI', after: 'QVFJ' } },
      },
    });

    const accounts = await adapter.profiles({ accessToken: LONG, expiresAt: inSeconds(5183944) });

    expect(requests[0]!.url.pathname).toBe(`/${GRAPH_VERSION}/me/accounts`);
    expect(requests[0]!.url.searchParams.get('fields')).toBe('id,name,access_token,picture');
    expect(requests[0]!.url.searchParams.get('access_token')).toBe(LONG);
    expect(accounts).toEqual([
      {
        accountId: '101',
        accountName: 'Corner Bakery',
        pictureUrl: 'https://cdn.example/a.jpg',
        tokens: { accessToken: PAGE_A, issuedAt: inSeconds(0), expiresAt: null },
      },
      { accountId: '202', accountName: 'Corner Bakery Events', tokens: { accessToken: PAGE_B, issuedAt: inSeconds(0), expiresAt: null } },
    ]);
  });

  it('follows paging.next on the Graph host to collect every Page', async () => {
    const { adapter, requests } = aFacebook(
      {
        body: {
          data: [{ id: '101', name: 'A', access_token: PAGE_A }],
          paging: { next: `https://graph.facebook.com/${GRAPH_VERSION}/me/accounts?after=QVFJ&access_token=${LONG}` },
        },
      },
      { body: { data: [{ id: '202', name: 'B', access_token: PAGE_B }], paging: {} } },
    );

    const accounts = await adapter.profiles({ accessToken: LONG, expiresAt: null });

    expect(accounts.map((a) => a.accountId)).toEqual(['101', '202']);
    expect(requests[1]!.url.searchParams.get('after')).toBe('QVFJ');
  });

  it('never follows a paging link to another host', async () => {
    const { adapter, requests } = aFacebook({
      body: { data: [{ id: '101', name: 'A', access_token: PAGE_A }], paging: { next: 'https://evil.example/steal' } },
    });

    await adapter.profiles({ accessToken: LONG, expiresAt: null });

    expect(requests).toHaveLength(1);
  });

  it('reads a Page’s name, category, picture, cover, location, hours and verification', async () => {
    const { adapter, requests } = aFacebook({
      body: {
        id: '101',
        name: 'Corner Bakery',
        category: 'Bakery',
        picture: { data: { url: 'https://cdn.example/a.jpg' } },
        cover: { cover_id: '9', offset_x: 0, offset_y: 50, source: 'https://cdn.example/cover.jpg', id: '9' },
        location: { city: 'Lisbon', country: 'Portugal', street: 'Rua A 1', zip: '1000-001' },
        hours: { mon_1_open: '08:00', mon_1_close: '18:00' },
        is_verified: false,
      },
    });

    const info = await adapter.pageInfo(PAGE_A, '101');

    expect(requests[0]!.url.pathname).toBe(`/${GRAPH_VERSION}/101`);
    expect(requests[0]!.url.searchParams.get('fields')).toBe('name,category,picture,cover,location,hours,is_verified');
    expect(requests[0]!.url.searchParams.get('access_token')).toBe(PAGE_A);
    expect(info).toEqual({
      id: '101',
      name: 'Corner Bakery',
      category: 'Bakery',
      pictureUrl: 'https://cdn.example/a.jpg',
      coverUrl: 'https://cdn.example/cover.jpg',
      location: { city: 'Lisbon', country: 'Portugal' },
      hours: { mon_1_open: '08:00', mon_1_close: '18:00' },
      isVerified: false,
    });
  });
});

describe('Facebook refresh', () => {
  it('returns a Page token unchanged, without calling Facebook, because it does not expire', async () => {
    const { adapter, requests } = aFacebook();
    const page = { accessToken: PAGE_A, expiresAt: null };

    await expect(adapter.refresh(page)).resolves.toEqual(page);
    expect(requests).toHaveLength(0);
  });

  it('re-exchanges a long-lived user token that is still valid', async () => {
    const { adapter, requests } = aFacebook({ body: { access_token: 'EAArenewed', token_type: 'bearer', expires_in: 5183944 } });

    const tokens = await adapter.refresh({ accessToken: LONG, expiresAt: inSeconds(3600) });

    expect(requests[0]!.url.searchParams.get('grant_type')).toBe('fb_exchange_token');
    expect(requests[0]!.url.searchParams.get('fb_exchange_token')).toBe(LONG);
    expect(tokens).toEqual({ accessToken: 'EAArenewed', issuedAt: inSeconds(0), expiresAt: inSeconds(5183944) });
  });

  it('asks for a reconnect once a user token has expired, since Facebook cannot exchange it', async () => {
    const { adapter, requests } = aFacebook();

    await expectPlatformError(adapter.refresh({ accessToken: LONG, expiresAt: inSeconds(-1) }), { category: 'reauth' }, secrets);
    expect(requests).toHaveLength(0);
  });
});

describe('Facebook errors', () => {
  const user = { accessToken: LONG, expiresAt: inSeconds(3600) };

  it('asks for a reconnect on code 190 (token invalid or expired)', async () => {
    const { adapter } = aFacebook(graphError(190, { error_subcode: 460, message: `Error validating access token: ${LONG}` }));

    await expectPlatformError(adapter.profiles(user), { category: 'reauth', code: '190/460' }, secrets);
  });

  it('asks for a reconnect when a permission is missing (code 200)', async () => {
    const { adapter } = aFacebook(graphError(200, { message: 'Permissions error' }));

    await expectPlatformError(adapter.profiles(user), { category: 'reauth' }, secrets);
  });

  it.each([4, 17, 32, 613])('backs off on rate-limit code %i', async (code) => {
    const { adapter } = aFacebook(graphError(code, { message: 'Application request limit reached' }));

    await expectPlatformError(adapter.profiles(user), { category: 'backoff' }, secrets);
  });

  it('backs off for as long as the business-use-case header says', async () => {
    const { adapter } = aFacebook({
      ...graphError(32, { message: 'Page request limit reached' }),
      headers: {
        'x-business-use-case-usage': JSON.stringify({
          '101': [{ type: 'pages', call_count: 100, total_cputime: 10, total_time: 10, estimated_time_to_regain_access: 7 }],
        }),
      },
    });

    await expectPlatformError(adapter.profiles(user), { category: 'backoff', retryAfterSeconds: 420 }, secrets);
  });

  it('retries on a transient code 2 and on a 5xx', async () => {
    const transient = aFacebook(graphError(2, { message: 'Service temporarily unavailable', is_transient: true }));
    const down = aFacebook({ status: 502, body: 'Bad Gateway' });

    await expectPlatformError(transient.adapter.profiles(user), { category: 'retry' }, secrets);
    await expectPlatformError(down.adapter.profiles(user), { category: 'retry' }, secrets);
  });

  it('retries, and never asks for a reconnect, when the network drops', async () => {
    const { adapter } = aFacebook('network-error');

    await expectPlatformError(adapter.exchangeCode({ code: 'code-1' }), { category: 'retry' }, secrets);
  });

  it('asks to fix the input on code 100 (invalid parameter)', async () => {
    const { adapter } = aFacebook(graphError(100, { message: 'Invalid parameter', error_user_msg: 'The link could not be posted.' }));

    const error = await expectPlatformError(adapter.pageInfo(PAGE_A, 'nope'), { category: 'fix-input' }, secrets);
    expect(error.message).toContain('The link could not be posted.');
  });

  it('stops on a duplicate post (506) and on a policy block (368)', async () => {
    const dup = aFacebook(graphError(506, { message: 'Duplicate status message' }));
    const blocked = aFacebook(graphError(368, { message: 'Temporarily blocked for policy violations' }));

    await expectPlatformError(dup.adapter.profiles(user), { category: 'stop' }, secrets);
    await expectPlatformError(blocked.adapter.profiles(user), { category: 'stop' }, secrets);
  });

  it('stops when Facebook rejects our client secret, even though it reports it as code 1', async () => {
    const { adapter } = aFacebook(graphError(1, { message: 'Error validating client secret.' }));

    await expectPlatformError(adapter.exchangeCode({ code: 'code-1' }), { category: 'stop' }, secrets);
  });

  it('asks the user to connect again when the sign-in code was already used', async () => {
    const { adapter } = aFacebook(graphError(100, { error_subcode: 36009, message: 'This authorization code has been used.' }));

    await expectPlatformError(adapter.exchangeCode({ code: 'code-1' }), { category: 'reauth', code: '100/36009' }, secrets);
  });
});
