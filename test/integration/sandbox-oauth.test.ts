import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { createSandbox } from '../../local/sandbox';
import { GRAPH_VERSION } from '../../functions/platforms/hosts';
import { sandboxControlCall } from '../helpers/sandbox';

/** The sandbox platforms' OAuth, driven over HTTP the way the adapters and a browser would. */
const { url: frontDoor, env } = inject('cloud');
const sandbox = env.PLATFORM_SANDBOX_URL!;
const credentials = JSON.parse(env.PLATFORM_CREDENTIALS!) as Record<string, { clientId: string; clientSecret: string }>;
const app = (platform: string) => credentials[platform]!;
const callback = (platform: string) => `${frontDoor}/api/oauth/${platform}/callback`;

function authorizeUrl(path: string, params: Record<string, string>): string {
  return `${sandbox}${path}?${new URLSearchParams(params)}`;
}

/** Opens the consent page, then answers it with a plain form POST, as the browser would. */
async function consent(url: string, answer: Record<string, string | string[]>) {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('<form method="post"');
  expect(html).toContain(`action="${new URL(url).pathname}`);
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(answer)) for (const v of [value].flat()) form.append(key, v);
  const res = await fetch(url, { method: 'POST', body: form, redirect: 'manual' });
  expect(res.status).toBe(302);
  return { html, location: new URL(res.headers.get('location')!) };
}

/** The fields these tests read from the sandbox's OAuth, Graph and control answers (each answer has some of them). */
interface OAuthAnswer {
  access_token: string;
  refresh_token: string;
  data: { id: string; name: string; access_token: string }[];
  items: unknown[];
  error: { code: number | string; [field: string]: unknown };
  error_message: string;
  now: string;
  [field: string]: unknown;
}

async function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'POST', headers, body: new URLSearchParams(fields) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as OAuthAnswer };
}

async function get(url: string, token?: string) {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, headers: res.headers, body: (await res.json()) as OAuthAnswer };
}

beforeEach(async () => {
  await sandboxControlCall('POST', '/reset');
});

describe('the sandbox', () => {
  it('contributes its URL and the registered apps to the Lambda environment', () => {
    expect(sandbox).toBe(`${frontDoor}/_sandbox`);
    expect(Object.keys(credentials).sort()).toEqual(['facebook', 'instagram', 'linkedin', 'pinterest', 'threads', 'tiktok', 'x', 'youtube']);
    expect(app('x')).toEqual({ clientId: 'sandbox-x-client', clientSecret: 'sandbox-x-secret' });
  });

  it('lists the platforms and registered apps on its index page', async () => {
    const res = await fetch(sandbox);
    const html = await res.text();
    expect(res.status).toBe(200);
    for (const name of ['Instagram', 'Facebook', 'X (Twitter)', 'TikTok', 'YouTube', 'Threads', 'LinkedIn']) expect(html).toContain(name);
    expect(html).toContain(callback('tiktok'));
  });

  it('keeps its state in sandbox.json so tokens survive a restart', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-sandbox-'));
    try {
      const before = createSandbox({ publicUrl: 'http://localhost:1', dataDir });
      const token = before.state.issueToken(
        { platform: 'x', kind: 'access', clientId: 'c', identityId: 'i', scopes: [], grantId: 'g', ttlSeconds: 60 },
        '',
      ).token;
      before.state.advance(30);
      // What the module's stop does: writes are batched, the last one is flushed on the way out.
      before.state.flush();

      const after = createSandbox({ publicUrl: 'http://localhost:1', dataDir });
      expect(after.state.check('x', token)).toMatchObject({ ok: true });
      expect(after.state.now()).toBeGreaterThanOrEqual(Date.now() + 29_000);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('X', () => {
  const x = app('x');
  const basic = { authorization: `Basic ${Buffer.from(`${x.clientId}:${x.clientSecret}`).toString('base64')}` };
  const tokenUrl = `${sandbox}/x/api/2/oauth2/token`;

  /** The X authorize URL for our app and callback, an S256 challenge and users.read, with the given params changed. */
  const xAuthorizeUrl = (params: Record<string, string> = {}) =>
    authorizeUrl('/x/www/i/oauth2/authorize', {
      response_type: 'code',
      client_id: x.clientId,
      redirect_uri: callback('x'),
      state: 's',
      code_challenge: 'abc',
      code_challenge_method: 'S256',
      scope: 'users.read',
      ...params,
    });

  async function xCode(scope = 'tweet.read users.read tweet.write offline.access') {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const url = xAuthorizeUrl({ state: 'st-x', code_challenge: challenge, scope });
    const { html, location } = await consent(url, { decision: 'allow', identity: '1790000000000000001' });
    return { html, location, verifier, code: location.searchParams.get('code')! };
  }

  const exchange = (code: string, verifier: string, redirectUri = callback('x')) =>
    postForm(tokenUrl, { code, grant_type: 'authorization_code', client_id: x.clientId, redirect_uri: redirectUri, code_verifier: verifier }, basic);

  it('connects an account: consent, code, tokens, profile and refresh', async () => {
    const { html, location, verifier, code } = await xCode();
    expect(html).toContain('𝕏');
    expect(html).toContain('offline.access');
    expect(`${location.origin}${location.pathname}`).toBe(callback('x'));
    expect(location.searchParams.get('state')).toBe('st-x');

    const tokens = await exchange(code, verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: 'bearer', expires_in: 7200, scope: 'tweet.read users.read tweet.write offline.access' });
    expect(tokens.body.refresh_token).toEqual(expect.any(String));

    const me = await get(`${sandbox}/x/api/2/users/me`, tokens.body.access_token);
    expect(me).toMatchObject({ status: 200, body: { data: { id: '1790000000000000001', name: 'Ada Baker', username: 'ada_bakes' } } });

    const refreshed = await postForm(tokenUrl, { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token, client_id: x.clientId }, basic);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).not.toBe(tokens.body.access_token);
    expect((await get(`${sandbox}/x/api/2/users/me`, refreshed.body.access_token)).status).toBe(200);
  });

  it('refuses a code_verifier that does not match the challenge', async () => {
    const { code } = await xCode();
    const res = await exchange(code, 'not-the-verifier');
    expect(res).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
  });

  it('refuses an authorize request without an S256 code challenge', async () => {
    const res = await fetch(xAuthorizeUrl({ code_challenge_method: 'plain' }), { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
  });

  it('gives no refresh token without offline.access', async () => {
    const { code, verifier } = await xCode('tweet.read users.read');
    const tokens = await exchange(code, verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body.refresh_token).toBeUndefined();
  });

  it('refuses a reused code', async () => {
    const { code, verifier } = await xCode();
    expect((await exchange(code, verifier)).status).toBe(200);
    expect(await exchange(code, verifier)).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
  });

  it('refuses a code after it expired on the sandbox clock', async () => {
    const { code, verifier } = await xCode();
    await sandboxControlCall('POST', '/clock/advance', { seconds: 601 });
    expect((await exchange(code, verifier)).status).toBe(400);
  });

  it('refuses a token request whose redirect_uri differs from the authorize one', async () => {
    const { code, verifier } = await xCode();
    expect(await exchange(code, verifier, `${frontDoor}/elsewhere`)).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
  });

  it('refuses a token request without the client credentials', async () => {
    const { code, verifier } = await xCode();
    const res = await postForm(tokenUrl, {
      code,
      grant_type: 'authorization_code',
      client_id: x.clientId,
      redirect_uri: callback('x'),
      code_verifier: verifier,
    });
    expect(res).toMatchObject({ status: 401, body: { error: 'unauthorized_client' } });
  });

  it('shows an error page, not a redirect, for an unregistered redirect_uri', async () => {
    const res = await fetch(xAuthorizeUrl({ redirect_uri: 'https://evil.example/cb' }), { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('redirect_uri_mismatch');
  });

  it('sends the user back with access_denied when they cancel', async () => {
    const url = xAuthorizeUrl({ state: 'st-deny' });
    const { location } = await consent(url, { decision: 'deny' });
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ error: 'access_denied', state: 'st-deny' });
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('answers 401 for an expired or revoked access token', async () => {
    const { code, verifier } = await xCode();
    const tokens = await exchange(code, verifier);
    await sandboxControlCall('POST', '/clock/advance', { seconds: 7201 });
    expect(await get(`${sandbox}/x/api/2/users/me`, tokens.body.access_token)).toMatchObject({ status: 401, body: { title: 'Unauthorized', status: 401 } });

    const refreshed = await postForm(tokenUrl, { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token, client_id: x.clientId }, basic);
    await sandboxControlCall('POST', '/tokens/revoke', { token: refreshed.body.access_token });
    expect((await get(`${sandbox}/x/api/2/users/me`, refreshed.body.access_token)).status).toBe(401);
  });
});

describe('Facebook', () => {
  const fb = app('facebook');
  const graph = `${sandbox}/facebook/graph/${GRAPH_VERSION}`;

  async function fbCode(pages: string[] = ['61500000000000001', '61500000000000002']) {
    const url = authorizeUrl(`/facebook/www/${GRAPH_VERSION}/dialog/oauth`, {
      client_id: fb.clientId,
      redirect_uri: callback('facebook'),
      state: 'st-fb',
      response_type: 'code',
      scope: 'pages_show_list,pages_manage_posts,pages_read_engagement',
    });
    const { html, location } = await consent(url, { decision: 'allow', identity: '10200000000000001', pages });
    return { html, code: location.searchParams.get('code')!, location };
  }
  const exchange = (code: string, redirectUri = callback('facebook')) =>
    get(`${graph}/oauth/access_token?${new URLSearchParams({ client_id: fb.clientId, client_secret: fb.clientSecret, redirect_uri: redirectUri, code })}`);

  it('connects Pages: consent with Page choice, short and long-lived user tokens, non-expiring Page tokens', async () => {
    const { html, code, location } = await fbCode();
    expect(html).toContain('facebook');
    expect(html).toContain('type="checkbox" name="pages"');
    expect(location.searchParams.get('state')).toBe('st-fb');

    const short = await exchange(code);
    expect(short).toMatchObject({ status: 200, body: { token_type: 'bearer', expires_in: 7200 } });
    const long = await get(
      `${graph}/oauth/access_token?${new URLSearchParams({ grant_type: 'fb_exchange_token', client_id: fb.clientId, client_secret: fb.clientSecret, fb_exchange_token: short.body.access_token })}`,
    );
    expect(long).toMatchObject({ status: 200, body: { token_type: 'bearer', expires_in: 5183944 } });

    const me = await get(`${graph}/me?fields=id,name,picture`, long.body.access_token);
    expect(me.body).toMatchObject({ id: '10200000000000001', name: 'Ada Baker', picture: { data: { url: expect.any(String) } } });

    const accounts = await get(`${graph}/me/accounts?fields=id,name,access_token,picture`, long.body.access_token);
    expect(accounts.status).toBe(200);
    expect(accounts.body.data.map((p: { name: string }) => p.name)).toEqual(['Corner Café', 'Ada Bakes']);
    const pageToken = accounts.body.data[0].access_token as string;

    await sandboxControlCall('POST', '/clock/advance', { seconds: 61 * 24 * 3600 });
    const info = await get(`${graph}/61500000000000001?fields=name,category,picture,cover,location,hours,is_verified`, pageToken);
    expect(info).toMatchObject({ status: 200, body: { id: '61500000000000001', name: 'Corner Café', category: 'Coffee shop', is_verified: false } });
    expect((await get(`${graph}/me`, long.body.access_token)).body.error).toMatchObject({ code: 190, error_subcode: 463 });
  });

  it('only lists the Pages the user ticked', async () => {
    const { code } = await fbCode(['61500000000000002']);
    const token = (await exchange(code)).body.access_token;
    const accounts = await get(`${graph}/me/accounts?fields=id,name,access_token`, token);
    expect(accounts.body.data).toEqual([{ id: '61500000000000002', name: 'Ada Bakes', access_token: expect.any(String) }]);
    expect((await get(`${graph}/61500000000000001?fields=name`, token)).body.error).toMatchObject({ code: 100 });
  });

  it('refuses a reused code, an expired code and a different redirect_uri with Graph errors', async () => {
    const first = await fbCode();
    expect((await exchange(first.code)).status).toBe(200);
    expect((await exchange(first.code)).body.error).toMatchObject({ type: 'OAuthException', code: 100, error_subcode: 36009, fbtrace_id: expect.any(String) });

    const second = await fbCode();
    await sandboxControlCall('POST', '/clock/advance', { seconds: 601 });
    expect((await exchange(second.code)).body.error).toMatchObject({ code: 100, error_subcode: 36007 });

    const third = await fbCode();
    expect((await exchange(third.code, `${frontDoor}/other`)).body.error).toMatchObject({ code: 100, error_subcode: 36008 });
  });

  it('refuses a wrong client secret', async () => {
    const { code } = await fbCode();
    const res = await get(
      `${graph}/oauth/access_token?${new URLSearchParams({ client_id: fb.clientId, client_secret: 'nope', redirect_uri: callback('facebook'), code })}`,
    );
    expect(res).toMatchObject({ status: 400, body: { error: { code: 1, message: 'Error validating client secret.' } } });
  });

  it('sends the user back with access_denied and user_denied when they cancel', async () => {
    const url = authorizeUrl(`/facebook/www/${GRAPH_VERSION}/dialog/oauth`, {
      client_id: fb.clientId,
      redirect_uri: callback('facebook'),
      state: 'st',
      response_type: 'code',
      scope: 'pages_show_list',
    });
    const { location } = await consent(url, { decision: 'deny' });
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: 'access_denied',
      error_code: '200',
      error_description: 'Permissions error',
      error_reason: 'user_denied',
      state: 'st',
    });
  });

  it('answers code 190 for a revoked Page token', async () => {
    const { code } = await fbCode();
    const token = (await exchange(code)).body.access_token;
    const pageToken = (await get(`${graph}/me/accounts?fields=access_token`, token)).body.data[0].access_token;
    await sandboxControlCall('POST', '/tokens/revoke', { token: pageToken });
    expect((await get(`${graph}/61500000000000001?fields=name`, pageToken)).body.error).toMatchObject({ code: 190, error_subcode: 458 });
  });
});

describe('Instagram', () => {
  const ig = app('instagram');
  const graph = `${sandbox}/instagram/graph`;

  async function igCode() {
    const url = authorizeUrl('/instagram/www/oauth/authorize', {
      client_id: ig.clientId,
      redirect_uri: callback('instagram'),
      response_type: 'code',
      scope: 'instagram_business_basic,instagram_business_content_publish',
      state: 'st-ig',
    });
    const { html, location } = await consent(url, { decision: 'allow', identity: '17840000000000001' });
    return { html, code: location.searchParams.get('code')! };
  }
  const exchange = (code: string, redirectUri = callback('instagram')) =>
    postForm(`${sandbox}/instagram/api/oauth/access_token`, {
      client_id: ig.clientId,
      client_secret: ig.clientSecret,
      grant_type: 'authorization_code',
      redirect_uri: redirectUri,
      code,
    });
  const longLived = (token: string) =>
    get(`${graph}/access_token?${new URLSearchParams({ grant_type: 'ig_exchange_token', client_secret: ig.clientSecret, access_token: token })}`);
  const refresh = (token: string) => get(`${graph}/refresh_access_token?${new URLSearchParams({ grant_type: 'ig_refresh_token', access_token: token })}`);

  it('connects an account: short-lived token, long-lived token, profile, refresh after a day', async () => {
    const { html, code } = await igCode();
    expect(html).toContain('Instagram');
    const short = await exchange(code);
    expect(short).toMatchObject({ status: 200, body: { user_id: Number('17840000000000001'), access_token: expect.any(String) } });

    const long = await longLived(short.body.access_token);
    expect(long).toMatchObject({ status: 200, body: { token_type: 'bearer', expires_in: 5184000 } });

    const me = await get(`${graph}/${GRAPH_VERSION}/me?fields=user_id,username,name,profile_picture_url`, long.body.access_token);
    expect(me.body).toMatchObject({ user_id: '17840000000000001', username: 'cornercafe', name: 'Corner Café', profile_picture_url: expect.any(String) });

    expect((await refresh(long.body.access_token)).body.error).toMatchObject({ type: 'OAuthException', code: 100 });
    await sandboxControlCall('POST', '/clock/advance', { seconds: 24 * 3600 + 1 });
    const refreshed = await refresh(long.body.access_token);
    expect(refreshed).toMatchObject({ status: 200, body: { token_type: 'bearer', expires_in: 5184000 } });
    expect((await get(`${graph}/${GRAPH_VERSION}/me?fields=username`, refreshed.body.access_token)).status).toBe(200);
  });

  it('expires the short-lived token after an hour', async () => {
    const short = await exchange((await igCode()).code);
    await sandboxControlCall('POST', '/clock/advance', { seconds: 3601 });
    expect((await longLived(short.body.access_token)).body.error).toMatchObject({ code: 190, error_subcode: 463 });
  });

  it('refuses a reused code and a different redirect_uri', async () => {
    const { code } = await igCode();
    expect((await exchange(code)).status).toBe(200);
    expect(await exchange(code)).toMatchObject({ status: 400, body: { error_type: 'OAuthException', code: 400 } });
    const other = await igCode();
    expect((await exchange(other.code, `${frontDoor}/x`)).body.error_message).toContain('redirect_uri');
  });

  it('sends the user back with user_denied when they cancel', async () => {
    const url = authorizeUrl('/instagram/www/oauth/authorize', {
      client_id: ig.clientId,
      redirect_uri: callback('instagram'),
      response_type: 'code',
      scope: 'instagram_business_basic',
      state: 'st',
    });
    const { location } = await consent(url, { decision: 'deny' });
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ error: 'access_denied', error_reason: 'user_denied', state: 'st' });
  });
});

describe('TikTok', () => {
  const tk = app('tiktok');
  const tokenUrl = `${sandbox}/tiktok/api/v2/oauth/token/`;
  const userInfo = `${sandbox}/tiktok/api/v2/user/info/?fields=open_id,union_id,avatar_url,display_name,username`;

  async function tkCode(scope = 'user.info.basic,user.info.profile,video.publish') {
    const url = authorizeUrl('/tiktok/www/v2/auth/authorize/', {
      client_key: tk.clientId,
      scope,
      redirect_uri: callback('tiktok'),
      state: 'st-tk',
      response_type: 'code',
    });
    const { html, location } = await consent(url, { decision: 'allow', identity: '-000sbxOpenIdAdaBakes001' });
    return { html, code: location.searchParams.get('code')! };
  }
  const exchange = (code: string) =>
    postForm(tokenUrl, { client_key: tk.clientId, client_secret: tk.clientSecret, code, grant_type: 'authorization_code', redirect_uri: callback('tiktok') });
  const refresh = (token: string) =>
    postForm(tokenUrl, { client_key: tk.clientId, client_secret: tk.clientSecret, grant_type: 'refresh_token', refresh_token: token });

  it('connects an account: tokens, profile and a rotating refresh', async () => {
    const { html, code } = await tkCode();
    expect(html).toContain('TikTok');
    const tokens = await exchange(code);
    expect(tokens).toMatchObject({
      status: 200,
      body: {
        open_id: '-000sbxOpenIdAdaBakes001',
        expires_in: 7200,
        refresh_expires_in: 15552000,
        scope: 'user.info.basic,user.info.profile,video.publish',
        token_type: 'Bearer',
      },
    });

    const me = await get(userInfo, tokens.body.access_token);
    expect(me.body).toMatchObject({
      data: { user: { open_id: '-000sbxOpenIdAdaBakes001', display_name: 'Ada Bakes', username: 'adabakes' } },
      error: { code: 'ok' },
    });

    const rotated = await refresh(tokens.body.refresh_token);
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).not.toBe(tokens.body.refresh_token);
    expect(await refresh(tokens.body.refresh_token)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await refresh(rotated.body.refresh_token)).status).toBe(200);
  });

  it('refuses username, bio and verified status to a token without user.info.profile, as TikTok does since Feb 2024', async () => {
    const tokens = await exchange((await tkCode('user.info.basic,video.publish')).code);

    const refused = await get(userInfo, tokens.body.access_token);
    const basic = await get(`${sandbox}/tiktok/api/v2/user/info/?fields=open_id,avatar_url,display_name`, tokens.body.access_token);

    expect(refused).toMatchObject({
      status: 401,
      body: { data: {}, error: { code: 'scope_not_authorized', message: expect.stringContaining('user.info.profile'), log_id: expect.any(String) } },
    });
    for (const field of ['bio_description', 'profile_deep_link', 'is_verified']) {
      expect((await get(`${sandbox}/tiktok/api/v2/user/info/?fields=open_id,${field}`, tokens.body.access_token)).body.error.code).toBe('scope_not_authorized');
    }
    expect(basic).toMatchObject({
      status: 200,
      body: { data: { user: { open_id: '-000sbxOpenIdAdaBakes001', display_name: 'Ada Bakes' } }, error: { code: 'ok' } },
    });
  });

  it('refuses a reused code and a missing or expired access token with its own error shape', async () => {
    const { code } = await tkCode();
    const tokens = await exchange(code);
    expect(await exchange(code)).toMatchObject({ status: 400, body: { error: 'invalid_grant', log_id: expect.any(String) } });
    expect(await get(userInfo)).toMatchObject({ status: 401, body: { data: {}, error: { code: 'access_token_invalid' } } });
    await sandboxControlCall('POST', '/clock/advance', { seconds: 7201 });
    expect((await get(userInfo, tokens.body.access_token)).body.error.code).toBe('access_token_invalid');
  });

  it('sends the user back with access_denied when they cancel', async () => {
    const url = authorizeUrl('/tiktok/www/v2/auth/authorize/', {
      client_key: tk.clientId,
      scope: 'user.info.basic',
      redirect_uri: callback('tiktok'),
      state: 'st',
      response_type: 'code',
    });
    const { location } = await consent(url, { decision: 'deny' });
    expect(location.searchParams.get('error')).toBe('access_denied');
  });
});

describe('YouTube', () => {
  const yt = app('youtube');
  const tokenUrl = `${sandbox}/youtube/oauth2/token`;
  const channels = `${sandbox}/youtube/api/youtube/v3/channels?part=snippet&mine=true`;

  async function ytCode(accessType = 'offline') {
    const url = authorizeUrl('/youtube/accounts/o/oauth2/v2/auth', {
      client_id: yt.clientId,
      redirect_uri: callback('youtube'),
      response_type: 'code',
      access_type: accessType,
      prompt: 'consent',
      state: 'st-yt',
      scope: 'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly',
    });
    const { html, location } = await consent(url, { decision: 'allow', identity: 'UCsbx000000000000000ada1' });
    return { html, code: location.searchParams.get('code')! };
  }
  const exchange = (code: string) =>
    postForm(tokenUrl, { code, client_id: yt.clientId, client_secret: yt.clientSecret, redirect_uri: callback('youtube'), grant_type: 'authorization_code' });
  const refresh = (token: string) =>
    postForm(tokenUrl, { client_id: yt.clientId, client_secret: yt.clientSecret, refresh_token: token, grant_type: 'refresh_token' });

  it('connects a channel: offline tokens, channel lookup and refresh', async () => {
    const { html, code } = await ytCode();
    expect(html).toContain('Google');
    const tokens = await exchange(code);
    expect(tokens).toMatchObject({ status: 200, body: { expires_in: 3599, token_type: 'Bearer', refresh_token: expect.any(String) } });

    const channel = await get(channels, tokens.body.access_token);
    expect(channel.body.items[0]).toMatchObject({ id: 'UCsbx000000000000000ada1', snippet: { title: 'Ada Bakes', customUrl: '@adabakes' } });

    const refreshed = await refresh(tokens.body.refresh_token);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toBeUndefined();
    expect((await get(channels, refreshed.body.access_token)).status).toBe(200);
  });

  it('gives no refresh token without access_type=offline', async () => {
    const tokens = await exchange((await ytCode('online')).code);
    expect(tokens.body.refresh_token).toBeUndefined();
  });

  it('answers invalid_grant once the refresh token is revoked', async () => {
    const tokens = await exchange((await ytCode()).code);
    await sandboxControlCall('POST', '/tokens/revoke', { token: tokens.body.refresh_token });
    expect(await refresh(tokens.body.refresh_token)).toEqual(
      expect.objectContaining({ status: 400, body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } }),
    );
  });

  it('refuses a reused code and an expired access token', async () => {
    const { code } = await ytCode();
    const tokens = await exchange(code);
    expect(await exchange(code)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    await sandboxControlCall('POST', '/tokens/expire', { token: tokens.body.access_token });
    expect(await get(channels, tokens.body.access_token)).toMatchObject({
      status: 401,
      body: { error: { code: 401, errors: [{ reason: 'authError' }], status: 'UNAUTHENTICATED' } },
    });
  });

  it('sends the user back with access_denied when they cancel', async () => {
    const url = authorizeUrl('/youtube/accounts/o/oauth2/v2/auth', {
      client_id: yt.clientId,
      redirect_uri: callback('youtube'),
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/youtube.upload',
      state: 'st',
    });
    const { location } = await consent(url, { decision: 'deny' });
    expect(Object.fromEntries(location.searchParams)).toEqual({ error: 'access_denied', state: 'st' });
  });
});

describe('the control API', () => {
  it('makes the next call fail with a named error in the platform’s own shape, then recovers', async () => {
    const fault = await sandboxControlCall('POST', '/faults', { platform: 'x', endpoint: '/api/2/users/me', error: 'rate_limit' });
    expect(fault.status).toBe(201);

    const limited = await get(`${sandbox}/x/api/2/users/me`, 'whatever');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ title: 'Too Many Requests', status: 429 });
    expect(limited.headers.get('x-rate-limit-remaining')).toBe('0');
    expect(Number(limited.headers.get('x-rate-limit-reset'))).toBeGreaterThan(Date.now() / 1000);

    expect((await get(`${sandbox}/x/api/2/users/me`, 'whatever')).status).toBe(401);
  });

  it('makes the next calls fail with a given status and body', async () => {
    await sandboxControlCall('POST', '/faults', { platform: 'tiktok', status: 503, body: { oops: true }, headers: { 'retry-after': '5' }, times: 2 });
    const first = await postForm(`${sandbox}/tiktok/api/v2/oauth/token/`, {});
    expect(first).toMatchObject({ status: 503, body: { oops: true } });
    expect(first.headers.get('retry-after')).toBe('5');
    expect((await get(`${sandbox}/tiktok/api/v2/user/info/?fields=open_id`)).status).toBe(503);
    expect((await get(`${sandbox}/tiktok/api/v2/user/info/?fields=open_id`)).status).toBe(401);
  });

  it('injects an expired-token error as Graph code 190', async () => {
    await sandboxControlCall('POST', '/faults', { platform: 'facebook', error: 'token_expired' });
    const res = await get(`${sandbox}/facebook/graph/${GRAPH_VERSION}/me`, 'x');
    expect(res.body.error).toMatchObject({ type: 'OAuthException', code: 190, error_subcode: 463 });
  });

  it('can make the next call slow without failing it', async () => {
    await sandboxControlCall('POST', '/faults', { platform: 'youtube', endpoint: '/api/youtube/v3/channels', delayMs: 300 });
    const started = Date.now();
    const res = await get(`${sandbox}/youtube/api/youtube/v3/channels?part=snippet&mine=true`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(res.status).toBe(401);
  });

  it('advances the sandbox clock and resets it', async () => {
    const advanced = await sandboxControlCall('POST', '/clock/advance', { seconds: 3600 });
    expect(Date.parse(advanced.body.now as string)).toBeGreaterThan(Date.now() + 3590_000);
    await sandboxControlCall('POST', '/reset');
    const state = (await sandboxControlCall('GET', '/state')).body as { clockOffsetSeconds: number; tokens: number };
    expect(state).toMatchObject({ clockOffsetSeconds: 0, tokens: 0 });
  });

  it('rejects a fault for an unknown platform', async () => {
    expect((await sandboxControlCall('POST', '/faults', { platform: 'myspace', status: 500 })).status).toBe(400);
  });
});
