import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { aConfirmedUser } from '../helpers/given';
import { aComposeBody, aConnectedAccount, aStoredPost } from '../helpers/posts';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/** An agency's clients through the API with a real token. */
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const clientItemsOf = async (userId: string) => (await itemsOfUser(userId)).filter((i) => String(i.sk).startsWith('CLIENT#'));
const listOf = async (token: string) =>
  (await weCallTheApi('GET', '/api/clients', { token })).body.items as { id: string; name: string; logo_url: string | null }[];

describe('listing clients', () => {
  it('lists the default client a new user gets at sign-up', async () => {
    // Prepare
    const user = await aConfirmedUser();

    // Act
    const res = await weCallTheApi('GET', '/api/clients', { token: user.accessToken });

    // Assess
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([{ id: expect.stringMatching(ULID), name: 'My Account', logo_url: null, created_at: expect.any(String) }]);
  });

  it('lists newest first', async () => {
    // Prepare
    const user = await aConfirmedUser();
    for (const name of ['Bakery', 'Gym', 'Florist']) await weCallTheApi('POST', '/api/clients', { token: user.accessToken, body: { name } });

    // Act
    const names = (await listOf(user.accessToken)).map((c) => c.name);

    // Assess
    expect(names).toEqual(['Florist', 'Gym', 'Bakery', 'My Account']);
  });

  it('refuses a caller without a token', async () => {
    expect((await weCallTheApi('GET', '/api/clients')).status).toBe(401);
  });
});

describe('creating a client', () => {
  it('stores the trimmed name and the logo URL and returns the client', async () => {
    // Prepare
    const user = await aConfirmedUser();

    // Act
    const res = await weCallTheApi('POST', '/api/clients', {
      token: user.accessToken,
      body: { name: '  Acme Bakery  ', logo_url: 'https://cdn.example.com/acme.png' },
    });

    // Assess
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(ULID),
      name: 'Acme Bakery',
      logo_url: 'https://cdn.example.com/acme.png',
      created_at: expect.any(String),
    });
    expect(await listOf(user.accessToken)).toContainEqual(res.body);
  });

  it('treats a blank logo URL as no logo', async () => {
    const user = await aConfirmedUser();

    const res = await weCallTheApi('POST', '/api/clients', { token: user.accessToken, body: { name: 'Gym', logo_url: '  ' } });

    expect(res.status).toBe(201);
    expect(res.body.logo_url).toBeNull();
  });

  it.each([
    ['no name', {}, 'Client name is required'],
    ['a blank name', { name: '   ' }, 'Client name is required'],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, 'Client name must be 100 characters or less'],
    ['a javascript: logo URL', { name: 'Acme', logo_url: 'javascript:alert(1)' }, 'Logo URL must be a valid http(s) URL'],
    ['a file: logo URL', { name: 'Acme', logo_url: 'file:///etc/passwd' }, 'Logo URL must be a valid http(s) URL'],
    ['a logo URL that is not a URL', { name: 'Acme', logo_url: 'logo.png' }, 'Logo URL must be a valid http(s) URL'],
  ])('refuses %s with a 400 and writes nothing', async (_case, body, message) => {
    // Prepare
    const user = await aConfirmedUser();
    const before = await clientItemsOf(user.userId);

    // Act
    const res = await weCallTheApi('POST', '/api/clients', { token: user.accessToken, body });

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await clientItemsOf(user.userId)).toEqual(before);
  });
});

describe('updating a client', () => {
  it('changes the name and the logo', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const created = (await weCallTheApi('POST', '/api/clients', { token: user.accessToken, body: { name: 'Acme' } })).body;

    // Act
    const res = await weCallTheApi('PATCH', `/api/clients/${created.id}`, {
      token: user.accessToken,
      body: { name: 'Acme Ltd', logo_url: 'http://example.com/a.svg' },
    });

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, name: 'Acme Ltd', logo_url: 'http://example.com/a.svg' });
    expect(await listOf(user.accessToken)).toContainEqual(res.body);
  });

  it('removes the logo when it is cleared', async () => {
    const user = await aConfirmedUser();
    const created = (await weCallTheApi('POST', '/api/clients', { token: user.accessToken, body: { name: 'Acme', logo_url: 'https://example.com/a.png' } }))
      .body;

    const res = await weCallTheApi('PATCH', `/api/clients/${created.id}`, { token: user.accessToken, body: { name: 'Acme', logo_url: '' } });

    expect(res.body).toEqual({ ...created, logo_url: null });
  });

  it("answers 404 for another user's client and leaves it unchanged", async () => {
    // Prepare
    const owner = await aConfirmedUser();
    const other = await aConfirmedUser();
    const theirs = (await weCallTheApi('POST', '/api/clients', { token: owner.accessToken, body: { name: 'Private Client' } })).body;

    // Act
    const res = await weCallTheApi('PATCH', `/api/clients/${theirs.id}`, { token: other.accessToken, body: { name: 'Hijacked' } });

    // Assess
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Client not found' });
    expect(await listOf(owner.accessToken)).toContainEqual(theirs);
    expect((await clientItemsOf(other.userId)).map((c) => c.name)).toEqual(['My Account']);
  });

  it('answers 404 for an unknown id and 400 for a malformed one, writing nothing', async () => {
    const user = await aConfirmedUser();

    expect((await weCallTheApi('PATCH', `/api/clients/${ulid()}`, { token: user.accessToken, body: { name: 'X' } })).status).toBe(404);
    expect((await weCallTheApi('PATCH', '/api/clients/not-an-id', { token: user.accessToken, body: { name: 'X' } })).status).toBe(400);
    expect((await clientItemsOf(user.userId)).map((c) => c.name)).toEqual(['My Account']);
  });

  it('refuses bad input with a 400 and leaves the client as it was', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const created = (await weCallTheApi('POST', '/api/clients', { token: user.accessToken, body: { name: 'Acme', logo_url: 'https://example.com/a.png' } }))
      .body;

    // Act
    const blank = await weCallTheApi('PATCH', `/api/clients/${created.id}`, { token: user.accessToken, body: { name: ' ' } });
    const badLogo = await weCallTheApi('PATCH', `/api/clients/${created.id}`, { token: user.accessToken, body: { logo_url: 'ftp://example.com/a.png' } });
    const nothing = await weCallTheApi('PATCH', `/api/clients/${created.id}`, { token: user.accessToken, body: {} });

    // Assess
    expect([blank.status, badLogo.status, nothing.status]).toEqual([400, 400, 400]);
    expect(blank.body.error.message).toBe('Client name is required');
    expect(badLogo.body.error.message).toBe('Logo URL must be a valid http(s) URL');
    expect(await listOf(user.accessToken)).toContainEqual(created);
  });
});

describe('deleting a client', () => {
  it('removes it; its posts stay, no longer assigned to it', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'facebook');
    const client = (await weCallTheApi('POST', '/api/clients', { token: user.accessToken, body: { name: 'Acme' } })).body;
    const kept = (await weCallTheApi('POST', '/api/clients', { token: user.accessToken, body: { name: 'Gym' } })).body;
    const post = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: aComposeBody(account, { client_id: client.id }) });
    const otherPost = await aStoredPost(user.userId, account, { client_id: kept.id });
    expect(post.body.client_id).toBe(client.id);

    // Act
    const res = await weCallTheApi('DELETE', `/api/clients/${client.id}`, { token: user.accessToken });

    // Assess
    expect(res.status).toBe(204);
    expect((await listOf(user.accessToken)).map((c) => c.name)).toEqual(['Gym', 'My Account']);
    const after = await weCallTheApi('GET', `/api/posts/${post.body.id}`, { token: user.accessToken });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ id: post.body.id, client_id: null, version: post.body.version });
    expect((await weCallTheApi('GET', `/api/posts/${otherPost.id}`, { token: user.accessToken })).body.client_id).toBe(kept.id);
    // A deleted client can no longer be named by a new post.
    const refused = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: aComposeBody(account, { client_id: client.id }) });
    expect(refused.status).toBe(400);
  });

  it("answers 404 for another user's client and deletes nothing", async () => {
    // Prepare
    const owner = await aConfirmedUser();
    const other = await aConfirmedUser();
    const theirs = (await weCallTheApi('POST', '/api/clients', { token: owner.accessToken, body: { name: 'Private Client' } })).body;

    // Act
    const res = await weCallTheApi('DELETE', `/api/clients/${theirs.id}`, { token: other.accessToken });

    // Assess
    expect(res.status).toBe(404);
    expect(await listOf(owner.accessToken)).toContainEqual(theirs);
  });

  it('answers 404 when deleting the same client twice', async () => {
    const user = await aConfirmedUser();
    const client = (await weCallTheApi('POST', '/api/clients', { token: user.accessToken, body: { name: 'Acme' } })).body;

    expect((await weCallTheApi('DELETE', `/api/clients/${client.id}`, { token: user.accessToken })).status).toBe(204);
    expect((await weCallTheApi('DELETE', `/api/clients/${client.id}`, { token: user.accessToken })).status).toBe(404);
  });
});
