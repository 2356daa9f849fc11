import { API_KEY_MSG, API_KEY_RATE_LIMIT, ApiKeyListSchema } from '@shared/api-keys';
import { WORKSPACE_HEADER } from '@shared/workspaces';
import { describe, expect, it } from 'vitest';
import { putMember, removeMember } from '../../functions/data/workspaces';
import { anApiKey, withKey } from '../helpers/api-keys';
import { aConfirmedUser } from '../helpers/given';
import { aConnectedAccount, inDays } from '../helpers/posts';
import { itemsOfWorkspace, theTestsTimeLeft } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/*
 * Workspace API keys (docs/public-api.md): made and revoked by Admins in Settings, shown once, kept
 * hashed; a key opens /v1 with its role in its workspace, answers say where its rate limit stands,
 * and a key is refused from the request after it is revoked, expires or loses its maker.
 */
type Person = Awaited<ReturnType<typeof aConfirmedUser>>;

async function aMember(owner: Person, role: 'admin' | 'editor' | 'contributor'): Promise<Person> {
  const person = await aConfirmedUser();
  await putMember({ workspaceId: owner.userId, userId: person.userId, role }, { name: 'My workspace', email: person.email, at: new Date().toISOString() });
  return person;
}

describe('API keys', { timeout: 120_000 }, () => {
  it('shows a new key once: the list and the table hold only its mask and its hash', async () => {
    const owner = await aConfirmedUser();

    const made = await anApiKey(owner);
    const listed = await weCallTheApi('GET', '/api/workspace/api-keys', { token: owner.accessToken });

    expect(made.key).toMatch(/^sap_live_[A-Za-z0-9_-]{43}$/);
    expect(ApiKeyListSchema.parse(listed.body).items).toEqual([
      expect.objectContaining({ id: made.id, name: 'Zapier', role: 'editor', masked: `sap_live_…${made.key.slice(-4)}`, last_used_at: null, expires_at: null }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(made.key);
    expect(JSON.stringify(await itemsOfWorkspace(owner.userId))).not.toContain(made.key.slice('sap_live_'.length));
  });

  it('opens /v1 in its own workspace and marks the key used, at most once a minute', async () => {
    const owner = await aConfirmedUser();
    const account = await aConnectedAccount(owner.userId, 'facebook', 'Key page');
    const { id, key } = await anApiKey(owner);

    const first = await withKey('GET', '/v1/accounts', key);
    const usedAt = (await weCallTheApi('GET', '/api/workspace/api-keys', { token: owner.accessToken })).body.items[0].last_used_at as string;
    const second = await withKey('GET', '/v1/accounts', key);
    const usedAtAfter = (await weCallTheApi('GET', '/api/workspace/api-keys', { token: owner.accessToken })).body.items[0].last_used_at as string;

    expect(first.status).toBe(200);
    expect(first.body.accounts.map((a: { id: string }) => a.id)).toEqual([account.id]);
    expect(second.status).toBe(200);
    expect(Date.parse(usedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(usedAtAfter).toBe(usedAt);
    expect(id).toBeTruthy();
  });

  it('creates a scheduled post through /v1 with the same rules as the app, and repeats it for the same Idempotency-Key', async () => {
    const owner = await aConfirmedUser();
    const account = await aConnectedAccount(owner.userId, 'facebook', 'Key page');
    const { key } = await anApiKey(owner);
    const body = { scheduled_at: inDays(2), platforms: [{ platform: 'facebook', social_account_id: account.id, caption: 'From a script' }] };

    const first = await withKey('POST', '/v1/posts', key, { body, headers: { 'idempotency-key': 'run-1' } });
    const repeat = await withKey('POST', '/v1/posts', key, { body, headers: { 'idempotency-key': 'run-1' } });
    const bad = await withKey('POST', '/v1/posts', key, { body: { platforms: [] } });
    const badInApp = await weCallTheApi('POST', '/api/posts', { token: owner.accessToken, body: { platforms: [] } });
    const posts = (await itemsOfWorkspace(owner.userId)).filter((item) => String(item.sk).startsWith('POST#'));

    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.status).toBe('scheduled');
    expect(repeat.status).toBe(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.body.id).toBe(first.body.id);
    expect(posts).toHaveLength(1);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(badInApp.body);
  });

  it('tells where the key stands on every /v1 answer, and answers 429 with Retry-After once its window is full', async () => {
    const owner = await aConfirmedUser();
    const { key } = await anApiKey(owner);
    const window = () => Math.floor(Date.now() / 1000 / API_KEY_RATE_LIMIT.windowSeconds);

    // A burst a window edge fell into is counted in two windows: run it again, with a new key, in a fresh window.
    for (let tries = 1; ; tries++) {
      const burstKey = tries === 1 ? key : (await anApiKey(owner, { name: `Burst ${tries}` })).key;
      const began = window();
      const answers = [];
      for (let i = 0; i <= API_KEY_RATE_LIMIT.max; i++) answers.push(await withKey('GET', '/v1/clients', burstKey));
      if (window() !== began) {
        if (tries === 2) throw new Error('Two bursts in a row each spanned a window edge');
        continue;
      }
      const last = answers.at(-1)!;
      const first = answers[0]!;
      const notFound = await withKey('GET', '/v1/posts/01ARZ3NDEKTSV4RRFFQ69G5FAV', burstKey);

      expect(first.status).toBe(200);
      expect(first.headers['x-ratelimit-limit']).toBe(String(API_KEY_RATE_LIMIT.max));
      expect(first.headers['x-ratelimit-remaining']).toBe(String(API_KEY_RATE_LIMIT.max - 1));
      expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
      expect(answers.slice(0, -1).every((a) => a.status === 200)).toBe(true);
      expect(last.status).toBe(429);
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(last.headers['retry-after'])).toBeLessThanOrEqual(API_KEY_RATE_LIMIT.windowSeconds);
      expect(last.headers['x-ratelimit-remaining']).toBe('0');
      expect(notFound.status).toBe(429);
      expect(notFound.headers['x-ratelimit-limit']).toBe(String(API_KEY_RATE_LIMIT.max));
      return;
    }
  });

  it('refuses a missing, malformed, expired or maker-less key with 401 and one message', async () => {
    const owner = await aConfirmedUser();
    const admin = await aMember(owner, 'admin');
    const soon = new Date(Date.now() + 2_000).toISOString();
    const expiring = await anApiKey(owner, { expires_at: soon });
    const adminsKey = await anApiKey(admin, {}, { [WORKSPACE_HEADER]: owner.userId });
    const before = await withKey('GET', '/v1/clients', adminsKey.key);

    await removeMember(owner.userId, admin.userId);
    const afterRemoval = await withKey('GET', '/v1/clients', adminsKey.key);
    const missing = await weCallTheApi('GET', '/v1/clients');
    const malformed = await withKey('GET', '/v1/clients', 'sap_live_nope');
    await expect.poll(async () => (await withKey('GET', '/v1/clients', expiring.key)).status, { timeout: theTestsTimeLeft() }).toBe(401);

    expect(before.status).toBe(200);
    expect(afterRemoval).toMatchObject({ status: 401, body: { error: { code: 'NOT_AUTHENTICATED', message: API_KEY_MSG.invalid } } });
    expect(missing).toMatchObject({ status: 401, body: { error: { message: API_KEY_MSG.missing } } });
    expect(malformed).toMatchObject({ status: 401, body: { error: { message: API_KEY_MSG.invalid } } });
  });

  it('lets Admins manage keys up to their own role, leaves Owner keys to Owners, and refuses Editors', async () => {
    const owner = await aConfirmedUser();
    const [admin, editor] = await Promise.all([aMember(owner, 'admin'), aMember(owner, 'editor')]);
    const inOwners = { [WORKSPACE_HEADER]: owner.userId };
    const ownerKey = await anApiKey(owner, { role: 'owner' });

    const adminMakesOwnerKey = await weCallTheApi('POST', '/api/workspace/api-keys', {
      token: admin.accessToken,
      body: { name: 'x', role: 'owner' },
      headers: inOwners,
    });
    const adminMakesAdminKey = await weCallTheApi('POST', '/api/workspace/api-keys', {
      token: admin.accessToken,
      body: { name: 'x', role: 'admin' },
      headers: inOwners,
    });
    const adminRevokesOwnerKey = await weCallTheApi('DELETE', `/api/workspace/api-keys/${ownerKey.id}`, { token: admin.accessToken, headers: inOwners });
    const editorLists = await weCallTheApi('GET', '/api/workspace/api-keys', { token: editor.accessToken, headers: inOwners });
    const pastExpiry = await weCallTheApi('POST', '/api/workspace/api-keys', {
      token: owner.accessToken,
      body: { name: 'x', role: 'editor', expires_at: '2020-01-01T00:00:00Z' },
    });
    const stillWorks = await withKey('GET', '/v1/clients', ownerKey.key);

    expect(adminMakesOwnerKey).toMatchObject({ status: 403, body: { error: { message: API_KEY_MSG.roleAboveYours } } });
    expect(adminMakesAdminKey.status).toBe(201);
    expect(adminRevokesOwnerKey).toMatchObject({ status: 403, body: { error: { message: API_KEY_MSG.ownerKeyNeedsOwner } } });
    expect(editorLists.status).toBe(403);
    expect(pastExpiry).toMatchObject({ status: 400, body: { error: { message: API_KEY_MSG.expiryPast } } });
    expect(stillWorks.status).toBe(200);
  });

  it('caps a key at its maker’s role when the maker is moved down', async () => {
    const owner = await aConfirmedUser();
    const admin = await aMember(owner, 'admin');
    const inOwners = { [WORKSPACE_HEADER]: owner.userId };
    const made = await weCallTheApi('POST', '/api/workspace/api-keys', { token: admin.accessToken, body: { name: 'x', role: 'editor' }, headers: inOwners });
    const key = made.body.key as string;
    const account = await aConnectedAccount(owner.userId, 'facebook', 'Key page');
    const body = { platforms: [{ platform: 'facebook', social_account_id: account.id, caption: 'Now' }] };

    const asEditor = await withKey('POST', '/v1/queue/posts', key, { body });
    await putMember(
      { workspaceId: owner.userId, userId: admin.userId, role: 'contributor' },
      { name: 'My workspace', email: admin.email, at: new Date().toISOString() },
    );
    const asContributor = await withKey('POST', '/v1/queue/posts', key, { body });

    expect(asEditor.status).not.toBe(403);
    expect(asContributor).toMatchObject({ status: 403, body: { error: { code: 'ROLE_TOO_LOW' } } });
  });
});
