import { describe, expect, it } from 'vitest';
import { DEMO_IDENTITIES } from '../../local/sandbox/apps';
import { connect } from '../helpers/connect';
import { aConfirmedUser } from '../helpers/given';
import { weCallTheApi } from '../helpers/when';
import { controlTheSandbox, sandboxCreatorInfoOf } from '../helpers/sandbox';

/** GET /api/accounts/{id}/tiktok-creator-info: what the compose panel shows before a TikTok Direct Post. */

async function aUserWithTikTok() {
  const user = await aConfirmedUser({ plan: 'pro' });
  await connect('tiktok', user.accessToken);
  const { accounts } = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body;
  return { user, account: (accounts as { id: string; platform: string }[]).find((a) => a.platform === 'tiktok')! };
}

describe('TikTok creator info', () => {
  it("returns the creator's nickname, avatar, privacy options, interaction switches and maximum duration, and no token", async () => {
    const { user, account } = await aUserWithTikTok();

    const res = await weCallTheApi('GET', `/api/accounts/${account.id}/tiktok-creator-info`, { token: user.accessToken });

    expect(res.status).toBe(200);
    const who = DEMO_IDENTITIES.tiktok[0]!;
    expect(res.body).toEqual(sandboxCreatorInfoOf(who));
    expect(JSON.stringify(res.body)).not.toMatch(/act\.|access_token/);
  });

  it("answers 404 for another user's TikTok account", async () => {
    const { account } = await aUserWithTikTok();
    const mallory = await aConfirmedUser({ plan: 'pro' });

    const res = await weCallTheApi('GET', `/api/accounts/${account.id}/tiktok-creator-info`, { token: mallory.accessToken });

    expect(res.status).toBe(404);
  });

  it('refuses accounts of other platforms with a clear message', async () => {
    const user = await aConfirmedUser({ plan: 'pro' });
    await connect('x', user.accessToken);
    const [account] = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body.accounts;

    const res = await weCallTheApi('GET', `/api/accounts/${account.id}/tiktok-creator-info`, { token: user.accessToken });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Posting options are only available for TikTok accounts');
  });

  it('asks for a reconnect, and marks the account, when TikTok no longer accepts the token', async () => {
    const { user, account } = await aUserWithTikTok();
    await controlTheSandbox('POST', '/faults', { platform: 'tiktok', endpoint: '/api/v2/post/publish/creator_info/query/', error: 'token_revoked' });

    const res = await weCallTheApi('GET', `/api/accounts/${account.id}/tiktok-creator-info`, { token: user.accessToken });

    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'NEEDS_RECONNECT', message: expect.stringMatching(/reconnect it on Platforms/) });
    const { accounts } = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body;
    expect(accounts.find((a: { id: string }) => a.id === account.id).needs_reconnect).toBe(true);
  });

  it('says in plain words when TikTok is down, and leaves the account connected', async () => {
    const { user, account } = await aUserWithTikTok();
    await controlTheSandbox('POST', '/faults', { platform: 'tiktok', endpoint: '/api/v2/post/publish/creator_info/query/', error: 'server_error' });

    const res = await weCallTheApi('GET', `/api/accounts/${account.id}/tiktok-creator-info`, { token: user.accessToken });

    expect(res.status).toBe(502);
    expect(res.body.error).toEqual({ code: 'DEPENDENCY_FAILED', message: "TikTok isn't answering right now; try again in a moment." });
    const { accounts } = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body;
    expect(accounts.find((a: { id: string }) => a.id === account.id).needs_reconnect).toBe(false);
  });
});
