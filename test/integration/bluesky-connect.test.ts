import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AtpAgent } from '@atproto/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listConnections } from '../../functions/data/connections';
import { CONNECT_BINDING_COOKIE, completeConnect, initiateConnect, OTHER_BROWSER_MESSAGE, startConnectSignIn } from '../../functions/domain/connections';
import { resetPlatformConfigForTests } from '../../functions/platforms/configured';
import { signInAtPds } from '../../local/bluesky/pds-sign-in';
import { startLocalPds, type LocalPds } from '../../local/bluesky/pds';
import { aConfirmedUser } from '../helpers/given';

/*
 * Bluesky's connect through the domain, as the routes run it, with the local PDS as the authorization
 * server: initiate (state + binding cookie) → the popup's handle step → the PDS's sign-in and consent
 * → the redirect back. The binding and the one-time state hold as for every network.
 */
let pds: LocalPds;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bluesky-connect-'));
  pds = await startLocalPds({ dataDir });
  // The deployment settings that offer Bluesky (the local cloud's bluesky module sets the same).
  process.env.BLUESKY_SERVICE_URL = pds.url;
  process.env.BLUESKY_PLC_URL = pds.plcUrl;
  resetPlatformConfigForTests();
});

afterAll(async () => {
  delete process.env.BLUESKY_SERVICE_URL;
  delete process.env.BLUESKY_PLC_URL;
  resetPlatformConfigForTests();
  await pds?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function aBlueskyAccount(name: string) {
  const password = `${name}-account-password`;
  await new AtpAgent({ service: pds.url }).createAccount({ handle: `${name}.test`, email: `${name}@example.com`, password });
  return { handle: `${name}.test`, password };
}

/** A user on Basic (Bluesky's plan) who has clicked Connect Bluesky: the popup's first page and this browser's binding. */
async function aStartedConnect() {
  const user = await aConfirmedUser({ plan: 'basic' });
  const { authUrl, cookie } = await initiateConnect({ userId: user.userId, workspaceId: user.userId }, 'bluesky');
  const binding = cookie.slice(`${CONNECT_BINDING_COOKIE}=`.length, cookie.indexOf(';'));
  return { user, authUrl: new URL(authUrl), state: new URL(authUrl).searchParams.get('state')!, binding };
}

const callbackOf = (back: URL, binding: string) => ({
  binding,
  state: back.searchParams.get('state') ?? undefined,
  code: back.searchParams.get('code') ?? undefined,
  error: back.searchParams.get('error') ?? undefined,
  iss: back.searchParams.get('iss') ?? undefined,
});

describe('connecting Bluesky by atproto OAuth', () => {
  it("goes handle → the PDS's sign-in and consent → back, and lists the account", async () => {
    const account = await aBlueskyAccount('nora');
    const { user, authUrl, state, binding } = await aStartedConnect();
    // The popup's handle step, on the loopback name the redirect uses (one host for the cookie).
    expect(`${authUrl.protocol}//${authUrl.hostname}${authUrl.pathname}`).toBe('http://127.0.0.1/bluesky-sign-in');

    const next = await startConnectSignIn('bluesky', { state, binding, identifier: account.handle });
    const back = await signInAtPds(next, { username: account.handle, password: account.password });
    const page = new URL(await completeConnect('bluesky', callbackOf(back, binding)));

    expect(page.hostname).toBe('127.0.0.1');
    expect(Object.fromEntries(page.searchParams)).toEqual({ status: 'ok', provider: 'bluesky' });
    expect((await listConnections(user.userId)).map((c) => [c.platform, c.account_name])).toEqual([['bluesky', '@nora.test']]);
    // The state is spent: the same redirect again connects nothing more.
    const again = new URL(await completeConnect('bluesky', callbackOf(back, binding)));
    expect(again.searchParams.get('error')).toEqual(expect.any(String));
  });

  it('without a handle starts at the sign-in service, whose own page asks for the account', async () => {
    const account = await aBlueskyAccount('pia');
    const { user, state, binding } = await aStartedConnect();

    const next = new URL(await startConnectSignIn('bluesky', { state, binding }));
    const back = await signInAtPds(next.href, { username: account.handle, password: account.password });
    const page = new URL(await completeConnect('bluesky', callbackOf(back, binding)));

    expect(`${next.origin}${next.pathname}`).toBe(`${pds.url}/oauth/authorize`);
    expect(page.searchParams.get('status')).toBe('ok');
    expect((await listConnections(user.userId)).map((c) => c.account_name)).toEqual(['@pia.test']);
  });

  it('from another browser, the handle step ends the connect and starts nothing at the PDS', async () => {
    const { state } = await aStartedConnect();

    const next = new URL(await startConnectSignIn('bluesky', { state, binding: 'another-browsers-cookie', identifier: 'nora.test' }));

    expect(next.pathname).toBe('/oauth-callback');
    expect(next.searchParams.get('error')).toBe(OTHER_BROWSER_MESSAGE);
  });

  it("refused on the PDS's consent page: nothing is connected, and the popup says so in plain words", async () => {
    const account = await aBlueskyAccount('otto');
    const { user, state, binding } = await aStartedConnect();
    const next = await startConnectSignIn('bluesky', { state, binding, identifier: account.handle });

    const back = await signInAtPds(next, { username: account.handle, password: account.password }, 'deny');
    const page = new URL(await completeConnect('bluesky', callbackOf(back, binding)));

    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(page.searchParams.get('error')).toBe('You cancelled the connection on Bluesky.');
    expect(await listConnections(user.userId)).toEqual([]);
  });
});
