import { describe, expect, it } from 'vitest';
import { signInRequest, aFakePlatform, anAdapter, expectPlatformError, inSeconds, type Reply } from './fake-platform';

const ACCESS = 'ya29.googleAccessToken0123456789abcdefghij';
const REFRESH = '1//googleRefreshToken0123456789abcdefghij';
const secrets = [ACCESS, REFRESH, 'app-secret-456'];
const SCOPES = 'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly';

const tokenReply: Reply = { body: { access_token: ACCESS, expires_in: 3599, refresh_token: REFRESH, scope: SCOPES, token_type: 'Bearer' } };
const apiError = (status: number, reason: string, message = 'Request failed'): Reply => ({
  status,
  body: { error: { code: status, message, errors: [{ message, domain: 'youtube.quota', reason }] } },
});

const aYouTube = (...replies: Parameters<typeof aFakePlatform>) => anAdapter('youtube', ...replies);

describe('YouTube sign-in', () => {
  it('sends the user to Google with offline access, forced consent and the upload + read scopes', () => {
    expect(signInRequest(aYouTube().adapter)).toEqual({
      pkce: false,
      endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
      query: {
        client_id: 'client-123',
        redirect_uri: 'https://app.example/api/oauth/x/callback',
        response_type: 'code',
        scope: `${SCOPES} https://www.googleapis.com/auth/youtube.force-ssl`,
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state: 'st-1',
      },
    });
  });

  it('exchanges the code with a form POST to the token endpoint', async () => {
    const { adapter, requests } = aYouTube(tokenReply);

    const tokens = await adapter.exchangeCode({ code: '4/code-1' });

    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.href).toBe('https://oauth2.googleapis.com/token');
    expect(requests[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(requests[0]!.form).toEqual({
      code: '4/code-1',
      client_id: 'client-123',
      client_secret: 'app-secret-456',
      redirect_uri: 'https://app.example/api/oauth/x/callback',
      grant_type: 'authorization_code',
    });
    expect(tokens).toEqual({
      accessToken: ACCESS,
      refreshToken: REFRESH,
      issuedAt: inSeconds(0),
      expiresAt: inSeconds(3599),
      scopes: ['https://www.googleapis.com/auth/youtube.upload', 'https://www.googleapis.com/auth/youtube.readonly'],
    });
  });
});

describe('YouTube refresh', () => {
  it('keeps the old refresh token when Google’s answer has none', async () => {
    const { adapter, requests } = aYouTube({ body: { access_token: 'ya29.second', expires_in: 3599, scope: SCOPES, token_type: 'Bearer' } });

    const tokens = await adapter.refresh({ accessToken: ACCESS, refreshToken: REFRESH, expiresAt: inSeconds(-1) });

    expect(requests[0]!.form).toEqual({ client_id: 'client-123', client_secret: 'app-secret-456', refresh_token: REFRESH, grant_type: 'refresh_token' });
    expect(tokens).toMatchObject({ accessToken: 'ya29.second', refreshToken: REFRESH, expiresAt: inSeconds(3599) });
  });

  it('takes a new refresh token when Google sends one', async () => {
    const { adapter } = aYouTube({ body: { access_token: 'ya29.second', expires_in: 3599, refresh_token: '1//newer', token_type: 'Bearer' } });

    const tokens = await adapter.refresh({ accessToken: ACCESS, refreshToken: REFRESH, expiresAt: inSeconds(-1) });

    expect(tokens.refreshToken).toBe('1//newer');
  });

  it('asks for a reconnect when the refresh token is expired or revoked (invalid_grant)', async () => {
    const { adapter } = aYouTube({ status: 400, body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } });

    await expectPlatformError(
      adapter.refresh({ accessToken: ACCESS, refreshToken: REFRESH, expiresAt: inSeconds(-1) }),
      { category: 'reauth', code: 'invalid_grant' },
      secrets,
    );
  });
});

describe('YouTube channel', () => {
  it('reads the channel id and title with the bearer token', async () => {
    const { adapter, requests } = aYouTube({
      body: {
        kind: 'youtube#channelListResponse',
        items: [
          {
            kind: 'youtube#channel',
            id: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
            snippet: { title: 'Corner Bakery', customUrl: '@cornerbakery', thumbnails: { default: { url: 'https://yt3.example/d.jpg' } } },
          },
        ],
      },
    });
    const tokens = { accessToken: ACCESS, refreshToken: REFRESH, expiresAt: inSeconds(3599) };

    const accounts = await adapter.profiles(tokens);

    expect(`${requests[0]!.url.origin}${requests[0]!.url.pathname}`).toBe('https://www.googleapis.com/youtube/v3/channels');
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toEqual({ part: 'snippet', mine: 'true' });
    expect(requests[0]!.headers['authorization']).toBe(`Bearer ${ACCESS}`);
    expect(accounts).toEqual([{ accountId: 'UC_x5XG1OV2P6uZZ5FSM9Ttw', accountName: 'Corner Bakery', pictureUrl: 'https://yt3.example/d.jpg', tokens }]);
  });

  it('finds nothing to post as when the Google account has no channel', async () => {
    const { adapter } = aYouTube({ body: { kind: 'youtube#channelListResponse', pageInfo: { totalResults: 0, resultsPerPage: 5 } } });

    await expect(adapter.profiles({ accessToken: ACCESS, expiresAt: null })).resolves.toEqual([]);
  });
});

describe('YouTube errors', () => {
  const tokens = { accessToken: ACCESS, refreshToken: REFRESH, expiresAt: inSeconds(60) };

  it('asks for a reconnect on 401 authError', async () => {
    const { adapter } = aYouTube(apiError(401, 'authError', 'Invalid Credentials'));

    await expectPlatformError(adapter.profiles(tokens), { category: 'reauth' }, secrets);
  });

  it.each(['rateLimitExceeded', 'userRateLimitExceeded'])('backs off on 403 %s', async (reason) => {
    const { adapter } = aYouTube({ ...apiError(403, reason), headers: { 'retry-after': '30' } });

    await expectPlatformError(adapter.profiles(tokens), { category: 'backoff', retryAfterSeconds: 30, code: reason }, secrets);
  });

  it('stops on quotaExceeded, since retrying only burns quota until midnight Pacific', async () => {
    const { adapter } = aYouTube(apiError(403, 'quotaExceeded', 'The request cannot be completed because you have exceeded your quota.'));

    await expectPlatformError(adapter.profiles(tokens), { category: 'stop', code: 'quotaExceeded' }, secrets);
  });

  it('retries on a 5xx', async () => {
    const { adapter } = aYouTube(apiError(503, 'backendError'));

    await expectPlatformError(adapter.profiles(tokens), { category: 'retry' }, secrets);
  });

  it('retries, and never asks for a reconnect, when the network drops during a refresh', async () => {
    const { adapter } = aYouTube('network-error');

    await expectPlatformError(adapter.refresh(tokens), { category: 'retry' }, secrets);
  });

  it('asks to fix the input on a 400 invalid_request', async () => {
    const { adapter } = aYouTube({ status: 400, body: { error: 'invalid_request', error_description: 'Missing required parameter: code' } });

    await expectPlatformError(adapter.exchangeCode({ code: 'c' }), { category: 'fix-input' }, secrets);
  });

  it('stops when the channel is forbidden from the action', async () => {
    const { adapter } = aYouTube(apiError(403, 'forbidden'));

    await expectPlatformError(adapter.profiles(tokens), { category: 'stop' }, secrets);
  });

  it('stops, rather than asking the user to reconnect, when Google rejects our client credentials', async () => {
    const { adapter } = aYouTube({ status: 401, body: { error: 'invalid_client', error_description: 'Unauthorized' } });

    await expectPlatformError(adapter.refresh(tokens), { category: 'stop', code: 'invalid_client' }, secrets);
  });
});
