import { describe, expect, it } from 'vitest';
import { GRAPH_VERSION } from '../../../functions/platforms/hosts';
import { signInRequest, aFakePlatform, anAdapter, expectPlatformError, inSeconds, type Reply } from './fake-platform';

const SHORT = 'IGQVshortLivedToken0123456789abcdefgh';
const LONG = 'IGQVlongLivedToken0123456789abcdefghij';
const RENEWED = 'IGQVrenewedToken0123456789abcdefghijkl';
const secrets = [SHORT, LONG, RENEWED, 'app-secret-456'];
const SIXTY_DAYS = 60 * 24 * 3600;
const HOUR = 3600;

// docs/platform-apis.md#instagram-auth steps 2–4.
const shortReply: Reply = {
  body: { access_token: SHORT, user_id: 17841400000000000, permissions: ['instagram_business_basic', 'instagram_business_content_publish'] },
};
const longReply: Reply = { body: { access_token: LONG, token_type: 'bearer', expires_in: 5183944 } };
const renewedReply: Reply = { body: { access_token: RENEWED, token_type: 'bearer', expires_in: 5183944 } };

const anInstagram = (...replies: Parameters<typeof aFakePlatform>) => anAdapter('instagram', ...replies);
/** A long-lived token issued `ageSeconds` ago. */
const issuedAgo = (ageSeconds: number) => ({ accessToken: LONG, expiresAt: inSeconds(SIXTY_DAYS - ageSeconds) });

describe('Instagram sign-in', () => {
  it('sends the user to the Instagram Login authorize page with the business scopes', () => {
    expect(signInRequest(anInstagram().adapter)).toEqual({
      pkce: false,
      endpoint: 'https://www.instagram.com/oauth/authorize',
      query: {
        client_id: 'client-123',
        redirect_uri: 'https://app.example/api/oauth/x/callback',
        response_type: 'code',
        scope: 'instagram_business_basic,instagram_business_content_publish,instagram_business_manage_insights,instagram_business_manage_comments',
        state: 'st-1',
      },
    });
  });

  it('posts the code as a form for a short-lived token, then exchanges it for a 60-day token', async () => {
    const { adapter, requests } = anInstagram(shortReply, longReply);

    const tokens = await adapter.exchangeCode({ code: 'code-1' });

    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.href).toBe('https://api.instagram.com/oauth/access_token');
    expect(requests[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(requests[0]!.form).toEqual({
      client_id: 'client-123',
      client_secret: 'app-secret-456',
      grant_type: 'authorization_code',
      redirect_uri: 'https://app.example/api/oauth/x/callback',
      code: 'code-1',
    });
    expect(requests[1]!.method).toBe('GET');
    expect(`${requests[1]!.url.origin}${requests[1]!.url.pathname}`).toBe('https://graph.instagram.com/access_token');
    expect(Object.fromEntries(requests[1]!.url.searchParams)).toEqual({
      grant_type: 'ig_exchange_token',
      client_secret: 'app-secret-456',
      access_token: SHORT,
    });
    expect(tokens).toEqual({
      accessToken: LONG,
      issuedAt: inSeconds(0),
      expiresAt: inSeconds(5183944),
      scopes: ['instagram_business_basic', 'instagram_business_content_publish'],
    });
    expect(tokens.refreshToken).toBeUndefined();
  });

  it('accepts the short-lived token wrapped in data[] as some clients have seen it', async () => {
    const { adapter } = anInstagram({ body: { data: [{ access_token: SHORT, user_id: '1784', permissions: 'instagram_business_basic' }] } }, longReply);

    const tokens = await adapter.exchangeCode({ code: 'code-1' });

    expect(tokens).toMatchObject({ accessToken: LONG, scopes: ['instagram_business_basic'] });
  });

  it('asks the user to connect again when the code is rejected', async () => {
    const { adapter } = anInstagram({ status: 400, body: { error_type: 'OAuthException', code: 400, error_message: 'Invalid authorization code' } });

    await expectPlatformError(adapter.exchangeCode({ code: 'code-1' }), { category: 'reauth' }, secrets);
  });
});

describe('Instagram refresh and the 24-hour rule', () => {
  it('leaves a token younger than 24 hours untouched, without calling Instagram', async () => {
    const { adapter, requests } = anInstagram();
    const young = issuedAgo(23 * HOUR);

    await expect(adapter.refresh(young)).resolves.toEqual(young);
    expect(requests).toHaveLength(0);
  });

  it('leaves a token issued moments ago untouched even though expires_in is a little under 60 days', async () => {
    const { adapter, requests } = anInstagram();
    const fresh = { accessToken: LONG, expiresAt: inSeconds(5183944) };

    await expect(adapter.refresh(fresh)).resolves.toEqual(fresh);
    expect(requests).toHaveLength(0);
  });

  it('refreshes a token that is more than a day old with ig_refresh_token and restarts its 60 days', async () => {
    const { adapter, requests } = anInstagram(renewedReply);

    const tokens = await adapter.refresh(issuedAgo(2 * 24 * HOUR));

    expect(`${requests[0]!.url.origin}${requests[0]!.url.pathname}`).toBe('https://graph.instagram.com/refresh_access_token');
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toEqual({ grant_type: 'ig_refresh_token', access_token: LONG });
    expect(tokens).toEqual({ accessToken: RENEWED, issuedAt: inSeconds(0), expiresAt: inSeconds(5183944) });
  });

  it('goes by the recorded issue time when there is one, not the remaining lifetime', async () => {
    const young = anInstagram();
    const old = anInstagram(renewedReply);
    // An odd lifetime (30 days left): only the recorded issue time says how old each token is.
    const issuedHoursAgo = (hours: number) => ({ accessToken: LONG, issuedAt: inSeconds(-hours * HOUR), expiresAt: inSeconds(30 * 24 * HOUR) });

    await expect(young.adapter.refresh(issuedHoursAgo(1))).resolves.toEqual(issuedHoursAgo(1));
    await old.adapter.refresh(issuedHoursAgo(25));

    expect(young.requests).toHaveLength(0);
    expect(old.requests).toHaveLength(1);
  });

  it('asks for a reconnect once the token has expired, since an expired token cannot be refreshed', async () => {
    const { adapter, requests } = anInstagram();

    await expectPlatformError(adapter.refresh({ accessToken: LONG, expiresAt: inSeconds(-60) }), { category: 'reauth' }, secrets);
    expect(requests).toHaveLength(0);
  });
});

describe('Instagram profile', () => {
  it('reads the professional account id and @username from /me', async () => {
    const { adapter, requests } = anInstagram({
      body: { user_id: '17841400000000000', username: 'cornerbakery', name: 'Corner Bakery', profile_picture_url: 'https://cdn.example/ig.jpg', id: '9876' },
    });
    const tokens = issuedAgo(HOUR);

    const accounts = await adapter.profiles(tokens);

    expect(requests[0]!.url.pathname).toBe(`/${GRAPH_VERSION}/me`);
    expect(requests[0]!.url.searchParams.get('fields')).toBe('user_id,username,name,profile_picture_url');
    expect(accounts).toEqual([{ accountId: '17841400000000000', accountName: '@cornerbakery', pictureUrl: 'https://cdn.example/ig.jpg', tokens }]);
  });
});

describe('Instagram errors', () => {
  const tokens = issuedAgo(3 * 24 * HOUR);
  const graphError = (code: number, subcode?: number, message = 'An error occurred'): Reply => ({
    status: 400,
    body: {
      error: {
        message,
        type: 'OAuthException',
        code,
        ...(subcode ? { error_subcode: subcode } : {}),
        is_transient: false,
        fbtrace_id: 'A6LJylpZRKw2xKLFsAP-cJh',
      },
    },
  });

  it('asks for a reconnect on code 190', async () => {
    const { adapter } = anInstagram(graphError(190, 463, `Session has expired for ${LONG}`));

    await expectPlatformError(adapter.refresh(tokens), { category: 'reauth' }, secrets);
  });

  it('backs off when the daily publishing limit (9 / 2207042) is reached', async () => {
    const { adapter } = anInstagram(graphError(9, 2207042));

    await expectPlatformError(adapter.profiles(tokens), { category: 'backoff', code: '9/2207042' }, secrets);
  });

  it('backs off on rate-limit code 4 with the Retry-After header', async () => {
    const { adapter } = anInstagram({ ...graphError(4), headers: { 'retry-after': '120' } });

    await expectPlatformError(adapter.profiles(tokens), { category: 'backoff', retryAfterSeconds: 120 }, secrets);
  });

  it('stops on suspected spam even though it shares code 4 with rate limiting', async () => {
    const { adapter } = anInstagram(graphError(4, 2207051));

    await expectPlatformError(adapter.profiles(tokens), { category: 'stop' }, secrets);
  });

  it('retries on an Instagram server error (-1 / 2207001)', async () => {
    const { adapter } = anInstagram(graphError(-1, 2207001));

    await expectPlatformError(adapter.profiles(tokens), { category: 'retry' }, secrets);
  });

  it('retries, and never asks for a reconnect, when the network drops during a refresh', async () => {
    const { adapter } = anInstagram('network-error');

    await expectPlatformError(adapter.refresh(tokens), { category: 'retry' }, secrets);
  });

  it('asks to fix the input when the image is too large (36000), quoting Instagram’s advice', async () => {
    const { adapter } = anInstagram({
      status: 400,
      body: {
        error: {
          message: 'The image size is too large.',
          type: 'OAuthException',
          code: 36000,
          error_subcode: 2207004,
          is_transient: false,
          error_user_title: 'Image size too large',
          error_user_msg: 'The image is too large to download. It should be less than 8 MiB.',
          fbtrace_id: 'A6LJylpZRKw2xKLFsAP-cJh',
        },
      },
    });

    const error = await expectPlatformError(adapter.profiles(tokens), { category: 'fix-input', code: '36000/2207004' }, secrets);
    expect(error.message).toContain('less than 8 MiB');
  });

  it('stops when Instagram rejects our client secret at the token endpoint', async () => {
    const { adapter } = anInstagram({ status: 400, body: { error_type: 'OAuthException', code: 400, error_message: 'Error validating client secret.' } });

    await expectPlatformError(adapter.exchangeCode({ code: 'code-1' }), { category: 'stop' }, secrets);
  });
});
