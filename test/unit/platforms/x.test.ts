import { describe, expect, it } from 'vitest';
import { hostsFor } from '../../../functions/platforms/hosts';
import { createAdapter } from '../../../functions/platforms/registry';
import { X_ENDPOINT_SCOPES } from '../../../local/sandbox/platforms/x-errors';
import { signInRequest, aFakePlatform, anAdapter, anApp, clock, expectPlatformError, inSeconds, type Reply } from './fake-platform';

const ACCESS = 'x-access-VGhpcyBpcyBhIGZha2UgdG9rZW4';
const REFRESH = 'x-refresh-bWF5YmUgcm90YXRlZA';
const NEW_REFRESH = 'x-refresh-NEW-c2Vjb25kIGdlbmVyYXRpb24';

// docs/platform-apis.md#x-auth: 2-hour access token, refresh token only with offline.access.
const tokenReply: Reply = {
  body: {
    token_type: 'bearer',
    expires_in: 7200,
    access_token: ACCESS,
    scope: 'tweet.read users.read tweet.write offline.access',
    refresh_token: REFRESH,
  },
};

const anX = (...replies: Parameters<typeof aFakePlatform>) => anAdapter('x', ...replies);
const basic = `Basic ${Buffer.from('client-123:app-secret-456').toString('base64')}`;

describe('X sign-in', () => {
  it('sends the user to the OAuth 2.0 authorize page with an S256 PKCE challenge and every scope posting needs', () => {
    expect(signInRequest(anX().adapter, 'challenge-abc')).toEqual({
      pkce: true,
      endpoint: 'https://x.com/i/oauth2/authorize',
      query: {
        response_type: 'code',
        client_id: 'client-123',
        redirect_uri: 'https://app.example/api/oauth/x/callback',
        scope: 'tweet.read users.read tweet.write offline.access',
        state: 'st-1',
        code_challenge: 'challenge-abc',
        code_challenge_method: 'S256',
      },
    });
  });

  it('refuses to build an authorize URL without a PKCE challenge', () => {
    const { adapter } = anX();

    expect(() => adapter.authorizeUrl({ state: 'st-1' })).toThrow(/PKCE/);
  });

  it('exchanges the code with a form POST, HTTP Basic client credentials and the code verifier', async () => {
    const { adapter, requests } = anX(tokenReply);

    const tokens = await adapter.exchangeCode({ code: 'code-1', codeVerifier: 'verifier-1' });

    expect(requests).toHaveLength(1);
    const [req] = requests;
    expect(req!.method).toBe('POST');
    expect(req!.url.href).toBe('https://api.x.com/2/oauth2/token');
    expect(req!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req!.headers['authorization']).toBe(basic);
    expect(req!.form).toEqual({
      code: 'code-1',
      grant_type: 'authorization_code',
      client_id: 'client-123',
      redirect_uri: 'https://app.example/api/oauth/x/callback',
      code_verifier: 'verifier-1',
    });
    expect(tokens).toEqual({
      accessToken: ACCESS,
      refreshToken: REFRESH,
      issuedAt: inSeconds(0),
      expiresAt: inSeconds(7200),
      scopes: ['tweet.read', 'users.read', 'tweet.write', 'offline.access'],
    });
  });

  it('asks for exactly the scopes the X endpoints it calls require (text posts: no media.write), and offline.access to refresh', () => {
    // X_ENDPOINT_SCOPES: each endpoint the adapter and its metrics reader call, with the scopes X's reference requires of it.
    const needed = new Set([...Object.values(X_ENDPOINT_SCOPES).flat(), 'offline.access']);

    const asked = new Set(signInRequest(anX().adapter, 'c').query.scope!.split(' '));

    expect([...asked].sort()).toEqual([...needed].sort());
  });

  it('points every call at the sandbox when given sandbox hosts, keeping the real paths', async () => {
    const platform = aFakePlatform(tokenReply);
    const adapter = createAdapter('x', { app: anApp, hosts: hostsFor('x', 'http://localhost:4010'), fetch: platform.fetch, now: clock });

    const url = adapter.authorizeUrl({ state: 's', codeChallenge: 'c' });
    await adapter.exchangeCode({ code: 'code-1', codeVerifier: 'v' });

    expect(url.startsWith('http://localhost:4010/x/www/i/oauth2/authorize?')).toBe(true);
    expect(platform.requests[0]!.url.href).toBe('http://localhost:4010/x/api/2/oauth2/token');
  });
});

describe('X refresh', () => {
  it('refreshes with grant_type=refresh_token and stores the newest refresh token X sends', async () => {
    const { adapter, requests } = anX({ body: { ...(tokenReply.body as object), access_token: 'x-access-2', refresh_token: NEW_REFRESH } });

    const tokens = await adapter.refresh({ accessToken: ACCESS, refreshToken: REFRESH, expiresAt: inSeconds(-10) });

    expect(requests[0]!.form).toEqual({ grant_type: 'refresh_token', refresh_token: REFRESH, client_id: 'client-123' });
    expect(requests[0]!.headers['authorization']).toBe(basic);
    expect(tokens).toMatchObject({ accessToken: 'x-access-2', refreshToken: NEW_REFRESH, expiresAt: inSeconds(7200) });
  });

  it('keeps the refresh token it had when X does not send a new one', async () => {
    const { adapter } = anX({ body: { token_type: 'bearer', expires_in: 7200, access_token: 'x-access-2' } });

    const tokens = await adapter.refresh({ accessToken: ACCESS, refreshToken: REFRESH, expiresAt: inSeconds(-10) });

    expect(tokens.refreshToken).toBe(REFRESH);
  });

  it('asks the user to reconnect when there is no refresh token to use, without calling X', async () => {
    const { adapter, requests } = anX();

    await expectPlatformError(adapter.refresh({ accessToken: ACCESS, expiresAt: inSeconds(-10) }), { category: 'reauth' }, [ACCESS]);
    expect(requests).toHaveLength(0);
  });
});

describe('X profile', () => {
  it('reads the account from /2/users/me with the bearer token and names it @username', async () => {
    const { adapter, requests } = anX({ body: { data: { id: '2244994945', name: 'Dev Account', username: 'devaccount' } } });
    const tokens = { accessToken: ACCESS, refreshToken: REFRESH, expiresAt: inSeconds(7200) };

    const accounts = await adapter.profiles(tokens);

    expect(requests[0]!.url.pathname).toBe('/2/users/me');
    expect(requests[0]!.headers['authorization']).toBe(`Bearer ${ACCESS}`);
    expect(accounts).toEqual([{ accountId: '2244994945', accountName: '@devaccount', tokens }]);
  });

  it('stops, rather than guessing, when the profile comes back in an unexpected shape', async () => {
    const { adapter } = anX({ body: { data: { id: 42 } } });

    await expectPlatformError(adapter.profiles({ accessToken: ACCESS, expiresAt: null }), { category: 'stop' }, [ACCESS]);
  });
});

describe('X errors', () => {
  const tokens = { accessToken: ACCESS, refreshToken: REFRESH, expiresAt: inSeconds(60) };
  const secrets = [ACCESS, REFRESH, 'app-secret-456'];

  it('asks for a reconnect on 401', async () => {
    const { adapter } = anX({ status: 401, body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' } });

    await expectPlatformError(adapter.profiles(tokens), { category: 'reauth' }, secrets);
  });

  it('asks for a reconnect when the refresh token is rejected as invalid_grant', async () => {
    const { adapter } = anX({ status: 400, body: { error: 'invalid_grant', error_description: `Refresh token ${REFRESH} is invalid` } });

    const error = await expectPlatformError(adapter.refresh(tokens), { category: 'reauth', code: 'invalid_grant' }, secrets);
    expect(error.message).toMatch(/reconnect X/);
  });

  it('asks for a reconnect when X says the token value was invalid', async () => {
    const { adapter } = anX({ status: 400, body: { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' } });

    await expectPlatformError(adapter.refresh(tokens), { category: 'reauth' }, secrets);
  });

  it('backs off until x-rate-limit-reset on 429', async () => {
    const reset = Math.floor(Date.parse(inSeconds(900)) / 1000);
    const { adapter } = anX({
      status: 429,
      body: { errors: [{ code: 88, message: 'Rate limit exceeded' }] },
      headers: { 'x-rate-limit-reset': String(reset) },
    });

    await expectPlatformError(adapter.profiles(tokens), { category: 'backoff', retryAfterSeconds: 900 }, secrets);
  });

  it('backs off on a 429 in the v2 problem shape even without a reset header', async () => {
    const { adapter } = anX({ status: 429, body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 } });

    const error = await expectPlatformError(adapter.profiles(tokens), { category: 'backoff' }, secrets);
    expect(error.details.retryAfterSeconds).toBeUndefined();
  });

  it('retries on a 5xx', async () => {
    const { adapter } = anX({ status: 503, body: { title: 'Service Unavailable', detail: 'Service Unavailable', type: 'about:blank', status: 503 } });

    await expectPlatformError(adapter.profiles(tokens), { category: 'retry' }, secrets);
  });

  it('retries, and never asks for a reconnect, when the network drops during a refresh', async () => {
    const { adapter } = anX('network-error');

    await expectPlatformError(adapter.refresh(tokens), { category: 'retry' }, secrets);
  });

  it('asks to fix the input on a 400 invalid_request', async () => {
    const { adapter } = anX({ status: 400, body: { error: 'invalid_request', error_description: 'Missing required parameter [code_verifier].' } });

    await expectPlatformError(adapter.exchangeCode({ code: 'code-1', codeVerifier: 'v' }), { category: 'fix-input' }, secrets);
  });

  it('stops on a 403 duplicate-content answer', async () => {
    const { adapter } = anX({
      status: 403,
      body: { detail: 'You are not allowed to create a Tweet with duplicate content.', type: 'about:blank', title: 'Forbidden', status: 403 },
    });

    const error = await expectPlatformError(adapter.profiles(tokens), { category: 'stop' }, secrets);
    expect(error.message).toContain('duplicate content');
  });

  it('stops on a 402 credits-depleted answer', async () => {
    const { adapter } = anX({ status: 402, body: { title: 'CreditsDepleted', detail: 'Your account has no credits' } });

    await expectPlatformError(adapter.profiles(tokens), { category: 'stop' }, secrets);
  });

  it('keeps tokens out of the message even when X echoes one back', async () => {
    const { adapter } = anX({ status: 400, body: { error: 'invalid_request', error_description: `bad token ${ACCESS} and ${'z'.repeat(40)}` } });

    const error = await expectPlatformError(adapter.exchangeCode({ code: 'code-1', codeVerifier: 'v' }), { category: 'fix-input' }, secrets);
    expect(error.message).not.toContain('z'.repeat(40));
  });

  it('stops, rather than asking the user to reconnect, when X rejects our own client credentials', async () => {
    const { adapter } = anX({ status: 401, body: { error: 'unauthorized_client', error_description: 'Missing valid authorization header' } });

    await expectPlatformError(adapter.exchangeCode({ code: 'code-1', codeVerifier: 'v' }), { category: 'stop', code: 'unauthorized_client' }, secrets);
  });

  it('asks the user to connect again when the sign-in code was already used or expired', async () => {
    const { adapter } = anX({ status: 400, body: { error: 'invalid_request', error_description: 'Value passed for the authorization code was invalid.' } });

    await expectPlatformError(adapter.exchangeCode({ code: 'code-1', codeVerifier: 'v' }), { category: 'reauth' }, secrets);
  });
});
