import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CONNECT_LINK_MSG } from '@shared/connect-links';
import { WORKSPACE_HEADER } from '@shared/workspaces';
import { beforeEach, describe, expect, it } from 'vitest';
import { connectLinkSk, workspacePk } from '../../functions/data/keys';
import { putMember } from '../../functions/data/workspaces';
import { OTHER_BROWSER_MESSAGE } from '../../functions/domain/connections';
import { documentClient } from '../../functions/lib/aws';
import { DEMO_IDENTITIES } from '../../local/sandbox/apps';
import { consent, followCallback, startFromLink } from '../helpers/connect';
import { aConfirmedUser, cloud } from '../helpers/given';
import { controlTheSandbox } from '../helpers/sandbox';
import { itemsOfUser, itemsOfWorkspace } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/**
 * Client connect links end to end: an Admin makes a link for a client, the client (no account, no
 * bearer token) opens it, connects through the sandbox platforms' consent pages, and the
 * connections land in the workspace under that client.
 */
const TOKEN_IN_URL = /\/connect\?token=([A-Za-z0-9_-]{43})$/;

async function anAgency(plan: 'free' | 'basic' | 'pro' = 'pro') {
  const owner = await aConfirmedUser({ plan });
  const client = await weCallTheApi('POST', '/api/clients', { token: owner.accessToken, body: { name: 'Bakery Rossi' } });
  expect(client.status).toBe(201);
  return { owner, workspaceId: owner.userId, clientId: client.body.id as string };
}

async function aLink(token: string, clientId: string, body: Record<string, unknown> = {}) {
  const res = await weCallTheApi('POST', `/api/clients/${clientId}/connect-links`, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const linkToken = TOKEN_IN_URL.exec(res.body.url as string)?.[1];
  if (!linkToken) throw new Error(`no token in ${res.body.url}`);
  return { id: res.body.id as string, token: linkToken, body: res.body };
}

const preview = (token: string) => weCallTheApi('GET', `/api/connect-links/preview?token=${token}`);
const accountsOf = async (token: string) => (await weCallTheApi('GET', '/api/accounts', { token })).body.accounts as Record<string, unknown>[];

/** Moves a link's expiry into the past, as if its days had gone by. */
async function expire(workspaceId: string, linkId: string) {
  await documentClient().send(
    new UpdateCommand({
      TableName: process.env.TABLE_NAME,
      Key: { pk: workspacePk(workspaceId), sk: connectLinkSk(linkId) },
      UpdateExpression: 'SET validUntil = :past',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
    }),
  );
}

beforeEach(async () => {
  await controlTheSandbox('POST', '/reset');
});

describe('client connect links', { timeout: 60_000 }, () => {
  it('creates a link whose token is only stored hashed, lists it without the token, and revokes it', async () => {
    // Prepare
    const { owner, workspaceId, clientId } = await anAgency('basic');

    // Act
    const created = await aLink(owner.accessToken, clientId, { platforms: ['facebook', 'x'], expires_in_days: 3 });
    const listed = await weCallTheApi('GET', `/api/clients/${clientId}/connect-links`, { token: owner.accessToken });
    const stored = JSON.stringify([...(await itemsOfWorkspace(workspaceId)), ...(await itemsOfUser(workspaceId))]);
    const revoked = await weCallTheApi('DELETE', `/api/clients/${clientId}/connect-links/${created.id}`, { token: owner.accessToken });
    const again = await weCallTheApi('DELETE', `/api/clients/${clientId}/connect-links/${created.id}`, { token: owner.accessToken });
    const afterRevoke = await weCallTheApi('GET', `/api/clients/${clientId}/connect-links`, { token: owner.accessToken });

    // Assess
    expect(created.body.url).toBe(`${cloud().env.APP_ORIGIN}/connect?token=${created.token}`);
    expect(Buffer.from(created.token, 'base64url').length).toBe(32);
    expect(created.body.platforms).toEqual(['facebook', 'x']);
    const days = (Date.parse(created.body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThanOrEqual(3);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([
      { id: created.id, client_id: clientId, platforms: ['facebook', 'x'], created_at: expect.any(String), expires_at: created.body.expires_at },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(created.token);
    expect(stored).not.toContain(created.token);
    expect(revoked.status).toBe(204);
    expect(again.status).toBe(404);
    expect(afterRevoke.body.items).toEqual([]);
    expect((await preview(created.token)).status).toBe(404);
  });

  it('offers every network the plan includes by default, and refuses one the plan lacks', async () => {
    // Prepare
    const { owner, workspaceId, clientId } = await anAgency('free');
    const before = await itemsOfWorkspace(workspaceId);

    // Act
    const byDefault = await aLink(owner.accessToken, clientId);
    const tooMuch = await weCallTheApi('POST', `/api/clients/${clientId}/connect-links`, { token: owner.accessToken, body: { platforms: ['youtube'] } });

    // Assess
    expect([...byDefault.body.platforms].sort()).toEqual(['facebook', 'instagram']);
    expect(tooMuch.status).toBe(403);
    expect(tooMuch.body.error.code).toBe('PLAN_REQUIRED');
    expect((await itemsOfWorkspace(workspaceId)).length).toBe(before.length + 1);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    // Prepare
    const { owner, workspaceId, clientId } = await anAgency();
    const before = JSON.stringify(await itemsOfWorkspace(workspaceId));

    // Act
    const tooLong = await weCallTheApi('POST', `/api/clients/${clientId}/connect-links`, { token: owner.accessToken, body: { expires_in_days: 15 } });
    const none = await weCallTheApi('POST', `/api/clients/${clientId}/connect-links`, { token: owner.accessToken, body: { platforms: [] } });
    const otherClient = await weCallTheApi('POST', `/api/clients/01ARZ3NDEKTSV4RRFFQ69G5FAV/connect-links`, { token: owner.accessToken, body: {} });

    // Assess
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain(CONNECT_LINK_MSG.expiryRange);
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain(CONNECT_LINK_MSG.platformsRequired);
    expect(otherClient.status).toBe(404);
    expect(JSON.stringify(await itemsOfWorkspace(workspaceId))).toBe(before);
  });

  it('lets an Admin make links and refuses an Editor and a Contributor', async () => {
    // Prepare
    const { owner, workspaceId, clientId } = await anAgency();
    const [admin, editor, contributor] = await Promise.all([aConfirmedUser(), aConfirmedUser(), aConfirmedUser()]);
    const at = new Date().toISOString();
    for (const [person, role] of [
      [admin, 'admin'],
      [editor, 'editor'],
      [contributor, 'contributor'],
    ] as const) {
      await putMember({ workspaceId, userId: person.userId, role }, { name: 'My workspace', email: person.email, at });
    }
    const call = (token: string) =>
      weCallTheApi('POST', `/api/clients/${clientId}/connect-links`, { token, body: {}, headers: { [WORKSPACE_HEADER]: workspaceId } });

    // Act
    const [byAdmin, byEditor, byContributor] = [await call(admin.accessToken), await call(editor.accessToken), await call(contributor.accessToken)];

    // Assess
    expect(byAdmin.status).toBe(201);
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.error.code).toBe('ROLE_TOO_LOW');
    expect(byContributor.status).toBe(403);
    const links = await weCallTheApi('GET', `/api/clients/${clientId}/connect-links`, { token: owner.accessToken });
    expect(links.body.items).toHaveLength(1);
  });

  it('lets the client connect several networks without an account; the connections land under the client', async () => {
    // Prepare
    const { owner, clientId } = await anAgency('pro');
    const link = await aLink(owner.accessToken, clientId, { platforms: ['facebook', 'x'] });

    // Act: preview, then connect Facebook and X from the same link, as a browser with no sign-in.
    const first = await preview(link.token);
    const facebook = await startFromLink(link.token, 'facebook');
    const fbBack = await followCallback(await consent('facebook', facebook.authUrl!));
    const x = await startFromLink(link.token, 'x');
    const xBack = await followCallback(await consent('x', x.authUrl!));
    const after = await preview(link.token);

    // Assess
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      workspace_name: 'My workspace',
      client_name: 'Bakery Rossi',
      platforms: [
        { platform: 'facebook', available: true, connected_count: 0 },
        { platform: 'x', available: true, connected_count: 0 },
      ],
      expires_at: link.body.expires_at,
    });
    expect(facebook.authUrl!.searchParams.get('redirect_uri')).toBe(`${cloud().url}/api/oauth/facebook/callback`);
    expect(Object.fromEntries(fbBack.to.searchParams)).toEqual({ status: 'ok', provider: 'facebook' });
    expect(Object.fromEntries(xBack.to.searchParams)).toEqual({ status: 'ok', provider: 'x' });
    const pages = DEMO_IDENTITIES.facebook[0]!.pages!.length;
    expect(after.body.platforms).toEqual([
      { platform: 'facebook', available: true, connected_count: pages },
      { platform: 'x', available: true, connected_count: 1 },
    ]);
    const accounts = await accountsOf(owner.accessToken);
    expect(accounts).toHaveLength(pages + 1);
    for (const account of accounts) expect(account.client_id).toBe(clientId);
  });

  it('refuses a network the link does not offer, and a revoked or expired link, at the start', async () => {
    // Prepare
    const { owner, workspaceId, clientId } = await anAgency('pro');
    const onlyFacebook = await aLink(owner.accessToken, clientId, { platforms: ['facebook'] });
    const revoked = await aLink(owner.accessToken, clientId);
    const expired = await aLink(owner.accessToken, clientId);
    await weCallTheApi('DELETE', `/api/clients/${clientId}/connect-links/${revoked.id}`, { token: owner.accessToken });
    await expire(workspaceId, expired.id);

    // Act
    const notOffered = await startFromLink(onlyFacebook.token, 'x');
    const fromRevoked = await startFromLink(revoked.token, 'facebook');
    const fromExpired = await startFromLink(expired.token, 'facebook');
    const previewExpired = await preview(expired.token);

    // Assess
    expect(notOffered.status).toBe(400);
    expect(JSON.stringify(notOffered.body)).toContain(CONNECT_LINK_MSG.platformNotOffered);
    expect(fromRevoked.status).toBe(404);
    expect(fromExpired.status).toBe(410);
    expect(previewExpired.status).toBe(410);
    expect(previewExpired.body.error.message).toBe(CONNECT_LINK_MSG.expired);
    const list = await weCallTheApi('GET', `/api/clients/${clientId}/connect-links`, { token: owner.accessToken });
    expect(list.body.items.map((l: { id: string }) => l.id)).toEqual([onlyFacebook.id]);
    expect(await accountsOf(owner.accessToken)).toEqual([]);
  });

  it.each(['revoked', 'expired'] as const)('stores nothing when the link was %s between the start and the callback', async (what) => {
    // Prepare
    const { owner, workspaceId, clientId } = await anAgency('pro');
    const link = await aLink(owner.accessToken, clientId, { platforms: ['facebook'] });
    const started = await startFromLink(link.token, 'facebook');
    const location = await consent('facebook', started.authUrl!);
    if (what === 'revoked') await weCallTheApi('DELETE', `/api/clients/${clientId}/connect-links/${link.id}`, { token: owner.accessToken });
    else await expire(workspaceId, link.id);

    // Act
    const { to } = await followCallback(location);

    // Assess
    expect(Object.fromEntries(to.searchParams)).toEqual({ error: CONNECT_LINK_MSG.revokedMeanwhile, provider: 'facebook' });
    expect(await accountsOf(owner.accessToken)).toEqual([]);
  });

  it('does not let another browser finish a connect the client started', async () => {
    // Prepare
    const { owner, clientId } = await anAgency('pro');
    const link = await aLink(owner.accessToken, clientId, { platforms: ['facebook'] });
    const started = await startFromLink(link.token, 'facebook');
    const location = await consent('facebook', started.authUrl!);

    // Act: the consent redirect opened in a browser without the binding cookie, then replayed by the right one.
    const other = await followCallback(location, { cookie: '' });
    const replay = await followCallback(location);

    // Assess
    expect(Object.fromEntries(other.to.searchParams)).toEqual({ error: OTHER_BROWSER_MESSAGE, provider: 'facebook' });
    expect(replay.to.searchParams.get('status')).toBeNull();
    expect(await accountsOf(owner.accessToken)).toEqual([]);
  });

  it('shows nothing of the workspace for an unknown token', async () => {
    // Act
    const unknown = await preview('A'.repeat(43));
    const malformed = await preview('short');

    // Assess
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(CONNECT_LINK_MSG.notFound);
    expect(malformed.status).toBe(400);
  });
});
