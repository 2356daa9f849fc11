import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { OAUTH_STATE_TTL_SECONDS } from '@shared/accounts';
import { beforeEach, describe, expect, it } from 'vitest';
import { getTokens, saveTokens } from '../../functions/data/tokens';
import { saveOAuthState } from '../../functions/data/oauth-states';
import { withFreshTokens } from '../../functions/domain/connections';
import { documentClient } from '../../functions/lib/aws';
import { PlatformError } from '../../functions/platforms/types';
import { DEMO_IDENTITIES, SANDBOX_PLATFORMS } from '../../local/sandbox/apps';
import { aConfirmedUser, cloud } from '../helpers/given';
import { connect, consent, followCallback, initiate } from '../helpers/connect';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';
import { controlTheSandbox } from '../helpers/sandbox';
import { supportsFirstComment } from '@shared/follow-ups';

/** Initiate → consent on the sandbox platform → our callback → listed, tokens encrypted. */
const sandbox = () => cloud().env.PLATFORM_SANDBOX_URL!;
const EXPIRED = 'This connection link has expired or was already used. Please try again.';

async function scanTable(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new ScanCommand({ TableName: process.env.TABLE_NAME, ExclusiveStartKey: cursor }));
    items.push(...(page.Items ?? []));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return items;
}

beforeEach(async () => {
  await controlTheSandbox('POST', '/reset');
});

describe('connecting a social account', () => {
  it.each(SANDBOX_PLATFORMS)('connects %s through its consent page and lists the account without tokens', async (platform) => {
    // Prepare
    const user = await aConfirmedUser({ plan: 'pro' });

    // Act
    const authUrl = await initiate(platform, user.accessToken);
    const state = authUrl.searchParams.get('state')!;
    const { to, raw } = await followCallback(await consent(platform, authUrl));

    // Assess
    expect(authUrl.href.startsWith(`${sandbox()}/${platform}/`)).toBe(true);
    expect(Buffer.from(state, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(authUrl.searchParams.get('redirect_uri')).toBe(`${cloud().url}/api/oauth/${platform}/callback`);
    if (platform === 'x') expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.pathname).toBe('/oauth-callback');
    expect(Object.fromEntries(to.searchParams)).toEqual({ status: 'ok', provider: platform });

    const list = await weCallTheApi('GET', '/api/accounts', { token: user.accessToken });
    expect(list.status).toBe(200);
    const who = DEMO_IDENTITIES[platform][0]!;
    // Facebook lists the Pages; LinkedIn the member and the pages they administer, by author URN.
    const expectedIds =
      platform === 'facebook'
        ? who.pages!.map((p) => p.id)
        : platform === 'linkedin'
          ? [`urn:li:person:${who.id}`, ...who.pages!.map((p) => `urn:li:organization:${p.id}`)]
          : [who.id];
    expect(list.body.accounts.map((a: { account_id: string }) => a.account_id).sort()).toEqual([...expectedIds].sort());
    for (const account of list.body.accounts) {
      expect(account).toMatchObject({ platform, is_connected: true, needs_reconnect: false });
      expect(Object.keys(account).sort()).toEqual([
        'account_id',
        'account_name',
        'analytics',
        'created_at',
        // Whether the grant allows first comments, on the platforms that take one (docs/first-comment-and-threads.md).
        ...(supportsFirstComment(platform) ? ['first_comment'] : []),
        'health',
        'id',
        'is_connected',
        'needs_reconnect',
        'picture_url',
        'platform',
        'profile_url',
      ]);
      // The profile link points at the network this deployment talks to: here the sandbox, which serves
      // that account's page at the real path. A LinkedIn member's public address is a vanity name the
      // sign-in does not give us: no link (docs/platforms.md#linkedin); a page's is by its id.
      const page = platform === 'facebook' || account.account_id.startsWith('urn:li:organization:');
      if (platform === 'linkedin' && !page) {
        expect(account.profile_url).toBeNull();
        continue;
      }
      expect(account.profile_url.startsWith(`${sandbox()}/${platform}/www/`)).toBe(true);
      const profile = await fetch(account.profile_url);
      expect(profile.status).toBe(200);
      expect(await profile.text()).toContain(page ? account.account_name : who.name);
    }

    // No plaintext token anywhere in the table, in the redirect or in our response.
    const table = JSON.stringify(await scanTable());
    for (const account of list.body.accounts) {
      const tokens = await getTokens(user.userId, account.id);
      for (const secret of [tokens.accessToken, tokens.refreshToken].filter((t): t is string => Boolean(t))) {
        expect(table).not.toContain(secret);
        expect(raw).not.toContain(secret);
        expect(JSON.stringify(list.body)).not.toContain(secret);
      }
    }
    // The state is spent and its per-user marker gone.
    expect((await itemsOfUser(user.userId)).filter((i) => String(i.sk).startsWith('OAUTHSTATE#'))).toEqual([]);
  });

  it('keeps a pending state findable under the user until it is used', async () => {
    // Prepare
    const user = await aConfirmedUser({ plan: 'pro' });

    // Act
    const state = (await initiate('facebook', user.accessToken)).searchParams.get('state')!;

    // Assess
    const markers = (await itemsOfUser(user.userId)).filter((i) => String(i.sk).startsWith('OAUTHSTATE#'));
    expect(markers).toHaveLength(1);
    expect(markers[0]!.sk).toBe(`OAUTHSTATE#${state}`);
    expect(markers[0]!.expiresAt).toBeGreaterThan(Date.now() / 1000 + OAUTH_STATE_TTL_SECONDS - 60);
  });

  it('refuses a replayed callback and adds nothing', async () => {
    // Prepare
    const user = await aConfirmedUser({ plan: 'pro' });
    const location = await consent('x', await initiate('x', user.accessToken));
    await followCallback(location);

    // Act
    const { to } = await followCallback(location);

    // Assess
    expect(Object.fromEntries(to.searchParams)).toEqual({ error: EXPIRED, provider: 'x' });
    expect((await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body.accounts).toHaveLength(1);
  });

  it("stores the account for the user who started the connect, whoever's browser delivers the callback", async () => {
    // Prepare
    const starter = await aConfirmedUser({ plan: 'pro' });
    const other = await aConfirmedUser({ plan: 'pro' });
    const location = await consent('x', await initiate('x', starter.accessToken));

    // Act
    const { to } = await followCallback(location, { authorization: `Bearer ${other.accessToken}` });

    // Assess
    expect(to.searchParams.get('status')).toBe('ok');
    expect((await weCallTheApi('GET', '/api/accounts', { token: starter.accessToken })).body.accounts).toHaveLength(1);
    expect((await weCallTheApi('GET', '/api/accounts', { token: other.accessToken })).body.accounts).toEqual([]);
  });

  it('refuses a state used on another platform’s callback', async () => {
    // Prepare
    const user = await aConfirmedUser({ plan: 'pro' });
    const state = (await initiate('x', user.accessToken)).searchParams.get('state')!;

    // Act
    const { to } = await followCallback(`${cloud().url}/api/oauth/tiktok/callback?state=${state}&code=anything`);

    // Assess
    expect(Object.fromEntries(to.searchParams)).toEqual({ error: EXPIRED, provider: 'tiktok' });
  });

  it('refuses a state older than 10 minutes', async () => {
    // Prepare: written directly, as if initiated 11 minutes ago (TTL deletion is lazy).
    const user = await aConfirmedUser({ plan: 'pro' });
    const created = new Date(Date.now() - 11 * 60 * 1000);
    await saveOAuthState({
      state: 'old-state-for-test-0123456789abcdef',
      userId: user.userId,
      platform: 'facebook',
      createdAt: created.toISOString(),
      expiresAt: Math.floor(created.getTime() / 1000) + OAUTH_STATE_TTL_SECONDS,
    });

    // Act
    const { to } = await followCallback(`${cloud().url}/api/oauth/facebook/callback?state=old-state-for-test-0123456789abcdef&code=anything`);

    // Assess
    expect(Object.fromEntries(to.searchParams)).toEqual({ error: EXPIRED, provider: 'facebook' });
    expect((await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body.accounts).toEqual([]);
  });

  it('says so in plain words when the user cancels on the consent page', async () => {
    // Prepare
    const user = await aConfirmedUser({ plan: 'pro' });

    // Act
    const { to } = await followCallback(await consent('facebook', await initiate('facebook', user.accessToken), 'deny'));

    // Assess
    expect(Object.fromEntries(to.searchParams)).toEqual({ error: 'You cancelled the connection on Facebook.', provider: 'facebook' });
  });

  it('passes on the platform’s plain message when the code exchange fails', async () => {
    // Prepare
    const user = await aConfirmedUser({ plan: 'pro' });
    const location = await consent('x', await initiate('x', user.accessToken));
    await controlTheSandbox('POST', '/faults', { platform: 'x', endpoint: '/api/2/oauth2/token', error: 'server_error' });

    // Act
    const { to } = await followCallback(location);

    // Assess
    expect(to.searchParams.get('error')).toMatch(/^X /);
    expect(to.searchParams.get('status')).toBeNull();
  });

  it('answers 400 for an unknown platform and 401 without a token', async () => {
    // Prepare
    const user = await aConfirmedUser({ plan: 'pro' });

    // Act
    const unknown = await weCallTheApi('POST', '/api/accounts/myspace/oauth/initiate', { token: user.accessToken });
    const anonymous = await weCallTheApi('POST', '/api/accounts/x/oauth/initiate');

    // Assess
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('Unknown platform');
    expect(anonymous.status).toBe(401);
  });
});

describe('reconnecting and disconnecting', () => {
  it('updates the existing row on a reconnect instead of adding a second one', async () => {
    // Prepare
    const user = await aConfirmedUser({ plan: 'pro' });
    await connect('x', user.accessToken);
    const [first] = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body.accounts;

    // Act
    await connect('x', user.accessToken);

    // Assess
    const after = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body.accounts;
    expect(after).toHaveLength(1);
    expect(after[0].id).toBe(first.id);
    expect(after[0].created_at).toBe(first.created_at);
  });

  it('removes the account and its tokens; another user’s id is a 404', async () => {
    // Prepare
    const user = await aConfirmedUser({ plan: 'pro' });
    const other = await aConfirmedUser({ plan: 'pro' });
    await connect('x', user.accessToken);
    const [account] = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body.accounts;

    // Act
    const foreign = await weCallTheApi('DELETE', `/api/accounts/${account.id}`, { token: other.accessToken });
    const own = await weCallTheApi('DELETE', `/api/accounts/${account.id}`, { token: user.accessToken });
    const again = await weCallTheApi('DELETE', `/api/accounts/${account.id}`, { token: user.accessToken });

    // Assess
    expect(foreign.status).toBe(404);
    expect(own.status).toBe(204);
    expect(again.status).toBe(404);
    const left = (await itemsOfUser(user.userId)).map((i) => String(i.sk));
    expect(left.filter((sk) => sk.includes(account.id) || sk.startsWith('PLATFORMACCOUNT#'))).toEqual([]);
    expect((await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body.accounts).toEqual([]);
  });
});

describe('fresh tokens for publishing', () => {
  const inThreeHours = { now: () => new Date(Date.now() + 3 * 3600 * 1000), newId: () => 'unused' };

  async function connectedX() {
    const user = await aConfirmedUser({ plan: 'pro' });
    await connect('x', user.accessToken);
    const [account] = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body.accounts;
    return { user, account, tokens: await getTokens(user.userId, account.id) };
  }

  const accountsOf = async (token: string) => (await weCallTheApi('GET', '/api/accounts', { token })).body.accounts;

  it('refreshes a token about to expire, saves it, and keeps the refresh token', async () => {
    // Prepare
    const { user, account, tokens } = await connectedX();

    // Act
    const used = await withFreshTokens(user.userId, account.id, async (fresh) => fresh.accessToken, inThreeHours);

    // Assess
    expect(used).not.toBe(tokens.accessToken);
    const stored = await getTokens(user.userId, account.id);
    expect(stored.accessToken).toBe(used);
    expect(stored.refreshToken).toBeTruthy();
  });

  it('never overwrites a stored refresh token with an empty one', async () => {
    // Prepare
    const { user, account, tokens } = await connectedX();

    // Act
    await saveTokens(user.userId, account.id, { accessToken: 'new-access-token-value', refreshToken: '', expiresAt: null }, new Date());

    // Assess
    expect(await getTokens(user.userId, account.id)).toMatchObject({
      accessToken: 'new-access-token-value',
      refreshToken: tokens.refreshToken,
      expiresAt: null,
    });
  });

  it('uses a token that is still fresh as it is', async () => {
    // Prepare
    const { user, account, tokens } = await connectedX();

    // Act
    const used = await withFreshTokens(user.userId, account.id, async (fresh) => fresh.accessToken);

    // Assess
    expect(used).toBe(tokens.accessToken);
  });

  it('marks the account needs_reconnect when the refresh token was revoked, and a reconnect clears it', async () => {
    // Prepare
    const { user, account, tokens } = await connectedX();
    await controlTheSandbox('POST', '/tokens/revoke', { token: tokens.refreshToken });

    // Act
    const failure = await withFreshTokens(user.userId, account.id, async () => 'unreachable', inThreeHours).catch((e: unknown) => e);

    // Assess
    expect(failure).toBeInstanceOf(PlatformError);
    expect((failure as PlatformError).category).toBe('reauth');
    expect((await accountsOf(user.accessToken))[0]).toMatchObject({ id: account.id, needs_reconnect: true });

    await connect('x', user.accessToken);
    expect(await accountsOf(user.accessToken)).toEqual([expect.objectContaining({ id: account.id, needs_reconnect: false })]);
  });

  it('never marks the account needs_reconnect for a platform outage', async () => {
    // Prepare
    const { user, account } = await connectedX();
    await controlTheSandbox('POST', '/faults', { platform: 'x', endpoint: '/api/2/oauth2/token', error: 'server_error' });

    // Act
    const failure = await withFreshTokens(user.userId, account.id, async () => 'unreachable', inThreeHours).catch((e: unknown) => e);

    // Assess
    expect((failure as PlatformError).category).toBe('retry');
    expect((await accountsOf(user.accessToken))[0].needs_reconnect).toBe(false);
  });
});
