import { describe, expect, it } from 'vitest';
import { signInRequest, aFakePlatform, anAdapter, expectPlatformError, inSeconds, type Reply } from './fake-platform';

const ACCESS = 'act.tiktokAccessToken0123456789abcdefghij';
const REFRESH = 'rft.tiktokRefreshToken0123456789abcdefghij';
const ROTATED = 'rft.tiktokRotatedToken0123456789abcdefghij';
const secrets = [ACCESS, REFRESH, ROTATED, 'app-secret-456'];

// docs/platform-apis.md#tiktok-auth token response (newer docs: 2 h access, 180 d refresh, rotating).
const tokenReply = (refreshToken = REFRESH, accessToken = ACCESS): Reply => ({
  body: {
    open_id: '723f24d7-e717-40f8-a2b6-cb8464cd23b4',
    scope: 'user.info.basic,video.publish,video.upload',
    access_token: accessToken,
    expires_in: 7200,
    refresh_token: refreshToken,
    refresh_expires_in: 15552000,
    token_type: 'Bearer',
  },
});
const apiError = (status: number, code: string, message = 'Something went wrong'): Reply => ({
  status,
  body: { data: {}, error: { code, message, log_id: '20230101000000ABCDEF' } },
});

const aTikTok = (...replies: Parameters<typeof aFakePlatform>) => anAdapter('tiktok', ...replies);

describe('TikTok sign-in', () => {
  it('sends the user to Login Kit with client_key (not client_id) and the five scopes, user.info.profile and video.list among them', () => {
    expect(signInRequest(aTikTok().adapter)).toEqual({
      pkce: false,
      endpoint: 'https://www.tiktok.com/v2/auth/authorize/',
      query: {
        client_key: 'client-123',
        scope: 'user.info.basic,user.info.profile,video.publish,video.upload,video.list',
        redirect_uri: 'https://app.example/api/oauth/x/callback',
        state: 'st-1',
        response_type: 'code',
      },
    });
  });

  it('exchanges the code with a form POST and dates both tokens from the injected clock', async () => {
    const { adapter, requests } = aTikTok(tokenReply());

    const tokens = await adapter.exchangeCode({ code: 'code-1' });

    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.href).toBe('https://open.tiktokapis.com/v2/oauth/token/');
    expect(requests[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(requests[0]!.headers['authorization']).toBeUndefined();
    expect(requests[0]!.form).toEqual({
      client_key: 'client-123',
      client_secret: 'app-secret-456',
      code: 'code-1',
      grant_type: 'authorization_code',
      redirect_uri: 'https://app.example/api/oauth/x/callback',
    });
    expect(tokens).toEqual({
      accessToken: ACCESS,
      refreshToken: REFRESH,
      issuedAt: inSeconds(0),
      expiresAt: inSeconds(7200),
      refreshExpiresAt: inSeconds(15552000),
      scopes: ['user.info.basic', 'video.publish', 'video.upload'],
    });
  });
});

describe('TikTok refresh', () => {
  it('returns the rotated refresh token and its new expiry, never the old one', async () => {
    const { adapter, requests } = aTikTok(tokenReply(ROTATED, 'act.second'));

    const tokens = await adapter.refresh({ accessToken: ACCESS, refreshToken: REFRESH, expiresAt: inSeconds(-1), refreshExpiresAt: inSeconds(100) });

    expect(requests[0]!.form).toEqual({ client_key: 'client-123', client_secret: 'app-secret-456', grant_type: 'refresh_token', refresh_token: REFRESH });
    expect(tokens).toMatchObject({ accessToken: 'act.second', refreshToken: ROTATED, expiresAt: inSeconds(7200), refreshExpiresAt: inSeconds(15552000) });
  });

  it('keeps the refresh token and its expiry when TikTok sends no new one', async () => {
    const { adapter } = aTikTok({ body: { access_token: 'act.second', expires_in: 86400, token_type: 'Bearer' } });

    const tokens = await adapter.refresh({ accessToken: ACCESS, refreshToken: REFRESH, expiresAt: inSeconds(-1), refreshExpiresAt: inSeconds(100) });

    expect(tokens).toMatchObject({ accessToken: 'act.second', refreshToken: REFRESH, refreshExpiresAt: inSeconds(100), expiresAt: inSeconds(86400) });
  });

  it('asks for a reconnect when the refresh token was already rotated away (200 with an error body)', async () => {
    const { adapter } = aTikTok({ status: 200, body: { error: 'invalid_grant', error_description: 'Refresh token is invalid or expired.', log_id: '2023' } });

    await expectPlatformError(
      adapter.refresh({ accessToken: ACCESS, refreshToken: REFRESH, expiresAt: inSeconds(-1) }),
      { category: 'reauth', code: 'invalid_grant' },
      secrets,
    );
  });
});

describe('TikTok profile', () => {
  it('reads data.user from user info with the bearer token and names it @username', async () => {
    const { adapter, requests } = aTikTok({
      body: {
        data: {
          user: {
            open_id: '723f24d7-e717-40f8-a2b6-cb8464cd23b4',
            union_id: 'c9c60f44-a68e-4f5d-84dd-ce22faeb0ba1',
            avatar_url: 'https://p16.example/a.jpg',
            display_name: 'Corner Bakery',
            username: 'cornerbakery',
          },
        },
        error: { code: 'ok', message: '', log_id: '20230101000000ABCDEF' },
      },
    });
    const tokens = {
      accessToken: ACCESS,
      refreshToken: REFRESH,
      expiresAt: inSeconds(7200),
      scopes: ['user.info.basic', 'user.info.profile', 'video.publish'],
    };

    const accounts = await adapter.profiles(tokens);

    expect(`${requests[0]!.url.origin}${requests[0]!.url.pathname}`).toBe('https://open.tiktokapis.com/v2/user/info/');
    expect(requests[0]!.url.searchParams.get('fields')).toBe('open_id,union_id,avatar_url,display_name,username');
    expect(requests[0]!.headers['authorization']).toBe(`Bearer ${ACCESS}`);
    expect(accounts).toEqual([
      { accountId: '723f24d7-e717-40f8-a2b6-cb8464cd23b4', accountName: '@cornerbakery', pictureUrl: 'https://p16.example/a.jpg', tokens },
    ]);
  });
});

describe('TikTok profile with only the basic scope', () => {
  const basicUser: Reply = {
    body: {
      data: { user: { open_id: 'oid-1', union_id: 'u-1', avatar_url: 'https://p16.example/a.jpg', display_name: 'Corner Bakery' } },
      error: { code: 'ok', message: '', log_id: 'L' },
    },
  };

  it('asks only for the fields the granted scopes cover and names the account by its display name', async () => {
    const { adapter, requests } = aTikTok(basicUser);
    const tokens = { accessToken: ACCESS, expiresAt: inSeconds(7200), scopes: ['user.info.basic', 'video.publish'] };

    const accounts = await adapter.profiles(tokens);

    expect(requests[0]!.url.searchParams.get('fields')).toBe('open_id,union_id,avatar_url,display_name');
    expect(accounts).toEqual([{ accountId: 'oid-1', accountName: 'Corner Bakery', pictureUrl: 'https://p16.example/a.jpg', tokens }]);
  });

  it('reads the scopes TikTok granted from the token answer, and never asks for username without user.info.profile', async () => {
    const { adapter, requests } = aTikTok({ body: { ...(tokenReply().body as object), scope: 'user.info.basic,video.publish,video.upload' } }, basicUser);

    const tokens = await adapter.exchangeCode({ code: 'code-1' });
    const accounts = await adapter.profiles(tokens);

    expect(requests[1]!.url.searchParams.get('fields')!.split(',')).not.toContain('username');
    expect(accounts[0]!.accountName).toBe('Corner Bakery');
  });

  it('asks for username once TikTok says user.info.profile was granted', async () => {
    const { adapter, requests } = aTikTok({ body: { ...(tokenReply().body as object), scope: 'user.info.basic,user.info.profile,video.publish' } }, basicUser);

    await adapter.profiles(await adapter.exchangeCode({ code: 'code-1' }));

    expect(requests[1]!.url.searchParams.get('fields')).toBe('open_id,union_id,avatar_url,display_name,username');
  });
});

describe('TikTok errors', () => {
  const tokens = { accessToken: ACCESS, refreshToken: REFRESH, expiresAt: inSeconds(60) };

  it('asks for a reconnect on access_token_invalid', async () => {
    const { adapter } = aTikTok(apiError(401, 'access_token_invalid', 'The access token is invalid or not found in the request.'));

    await expectPlatformError(adapter.profiles(tokens), { category: 'reauth', code: 'access_token_invalid' }, secrets);
  });

  it('backs off on rate_limit_exceeded', async () => {
    const { adapter } = aTikTok({ ...apiError(429, 'rate_limit_exceeded'), headers: { 'retry-after': '60' } });

    await expectPlatformError(adapter.profiles(tokens), { category: 'backoff', retryAfterSeconds: 60 }, secrets);
  });

  it('retries on internal_error', async () => {
    const { adapter } = aTikTok(apiError(500, 'internal_error'));

    await expectPlatformError(adapter.profiles(tokens), { category: 'retry' }, secrets);
  });

  it('retries, and never asks for a reconnect, when the network drops during a refresh', async () => {
    const { adapter } = aTikTok('network-error');

    await expectPlatformError(adapter.refresh(tokens), { category: 'retry' }, secrets);
  });

  it('asks to fix the input on invalid_param', async () => {
    const { adapter } = aTikTok(apiError(400, 'invalid_param', 'Invalid fields'));

    await expectPlatformError(adapter.profiles(tokens), { category: 'fix-input' }, secrets);
  });

  it('stops when the user is banned from posting', async () => {
    const { adapter } = aTikTok(apiError(403, 'spam_risk_user_banned_from_posting'));

    await expectPlatformError(adapter.profiles(tokens), { category: 'stop' }, secrets);
  });

  it('treats an error inside a 200 answer as a failure, not a profile', async () => {
    const { adapter } = aTikTok(apiError(200, 'scope_not_authorized'));

    await expectPlatformError(adapter.profiles(tokens), { category: 'reauth' }, secrets);
  });

  it('stops, rather than asking the user to reconnect, when TikTok rejects our client key', async () => {
    const { adapter } = aTikTok({ status: 401, body: { error: 'invalid_client', error_description: 'Client key or secret is incorrect.', log_id: '2023' } });

    await expectPlatformError(adapter.exchangeCode({ code: 'code-1' }), { category: 'stop', code: 'invalid_client' }, secrets);
  });
});
