import { describe, expect, it } from 'vitest';
import { DEMO_IDENTITIES } from '../../local/sandbox/apps';
import { aConfirmedUser } from '../helpers/given';
import { connect } from '../helpers/connect';
import { weCallTheApi } from '../helpers/when';
import { GRAPH_VERSION } from '../../functions/platforms/hosts';
import { controlTheSandbox } from '../helpers/sandbox';

/** The Facebook page-info dialog's API: live Page details read with the stored Page token. */

async function aUserWithAFacebookPage() {
  const user = await aConfirmedUser();
  await connect('facebook', user.accessToken);
  const { accounts } = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body;
  return { user, page: accounts[0] as { id: string; account_id: string; account_name: string } };
}

describe('Facebook page info', () => {
  it("returns the Page's name, category, picture, cover, location, hours and verified status", async () => {
    const { user, page } = await aUserWithAFacebookPage();

    const res = await weCallTheApi('GET', `/api/accounts/${page.id}/page-info`, { token: user.accessToken });

    expect(res.status).toBe(200);
    const demo = DEMO_IDENTITIES.facebook[0]!.pages!.find((p) => p.id === page.account_id)!;
    expect(res.body).toMatchObject({ name: demo.name, is_verified: expect.any(Boolean) });
    expect(Object.keys(res.body).sort()).toEqual(['category', 'cover', 'hours', 'is_verified', 'location', 'name', 'picture']);
    expect(JSON.stringify(res.body)).not.toMatch(/access_token|EAA/);
    // A cover is a wide banner, not the square profile picture a cover frame would crop.
    expect(res.body.cover).not.toBe(res.body.picture);
    const cover = await (await fetch(res.body.cover)).text();
    const [, width, height] = /width="(\d+)" height="(\d+)"/.exec(cover)!;
    expect(Number(width) / Number(height)).toBeGreaterThan(2);
  });

  it('refuses accounts of other platforms with a clear message', async () => {
    const user = await aConfirmedUser({ plan: 'basic' });
    await connect('x', user.accessToken);
    const [account] = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body.accounts;

    const res = await weCallTheApi('GET', `/api/accounts/${account.id}/page-info`, { token: user.accessToken });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Page info is only available for Facebook Pages');
  });

  it("answers 404 for another user's Page", async () => {
    const { page } = await aUserWithAFacebookPage();
    const mallory = await aConfirmedUser();

    const res = await weCallTheApi('GET', `/api/accounts/${page.id}/page-info`, { token: mallory.accessToken });

    expect(res.status).toBe(404);
  });

  it('says in plain words when Facebook fails, and leaves the account connected', async () => {
    const { user, page } = await aUserWithAFacebookPage();
    await controlTheSandbox('POST', '/faults', { platform: 'facebook', endpoint: `/graph/${GRAPH_VERSION}/${page.account_id}`, error: 'server_error' });

    const res = await weCallTheApi('GET', `/api/accounts/${page.id}/page-info`, { token: user.accessToken });

    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('DEPENDENCY_FAILED');
    const { accounts } = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body;
    expect(accounts.find((a: { id: string }) => a.id === page.id).needs_reconnect).toBe(false);
  });
});
