import type { PresignUploadResponse } from '@shared/media';
import { PROFILE_MSG } from '@shared/profile';
import { MALFORMED_TEXT_MESSAGE } from '@shared/text';
import { describe, expect, it, vi } from 'vitest';
import { aConfirmedUser } from '../helpers/given';
import { anObjectStoredDirectly, aPng, A_TINY_PNG, objectExists, weUploadTo, type AFile } from '../helpers/media';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

const profileOf = async (userId: string) => (await itemsOfUser(userId)).find((i) => i.sk === 'PROFILE');

async function weAskToUploadAnAvatar(token: string, file: { name: string; type: string; size: number }) {
  return weCallTheApi('POST', '/api/profile/avatar/uploads', { token, body: { file_name: file.name, file_type: file.type, file_size: file.size } });
}

async function weConfirmTheAvatar(token: string, key: string) {
  return weCallTheApi('POST', '/api/profile/avatar', { token, body: { key } });
}

/** Presign → POST to S3 → confirm, as the Profile tab does. Returns the stored key and the confirm answer. */
async function anUploadedAvatar(token: string, file: AFile = aPng('me.png')) {
  const form = await weAskToUploadAnAvatar(token, { name: file.name, type: file.type, size: file.bytes.length });
  expect(form.status).toBe(200);
  const upload = await weUploadTo(form.body as PresignUploadResponse, file);
  expect(upload.ok).toBe(true);
  return { key: (form.body as PresignUploadResponse).key, confirmed: await weConfirmTheAvatar(token, (form.body as PresignUploadResponse).key) };
}

const anAvatarKey = (userId: string, ext = 'png') => `avatars/${userId}-${Date.now()}.${ext}`;

describe('updating the profile', () => {
  it('saves nickname, bio, website and a picture link, keeps the e-mail, and /api/me shows them', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const body = { username: 'Baker Bob', bio: 'Cakes daily', website: 'https://bob.example', avatar_url: 'https://cdn.example/bob.png' };

    // Act
    const res = await weCallTheApi('PATCH', '/api/profile', { token: user.accessToken, body });

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ profile: body });
    const me = await weCallTheApi('GET', '/api/me', { token: user.accessToken });
    expect(me.body.profile).toEqual(body);
    expect(me.body.email).toBe(user.email);
    expect(await profileOf(user.userId)).toMatchObject({ ...body, email: user.email });
  });

  it('changes only the fields given, and empty text clears a field', async () => {
    const user = await aConfirmedUser();
    await weCallTheApi('PATCH', '/api/profile', { token: user.accessToken, body: { username: 'Bob', bio: 'Hi', website: 'https://bob.example' } });

    const res = await weCallTheApi('PATCH', '/api/profile', { token: user.accessToken, body: { bio: 'Cakes', website: '' } });

    expect(res.status).toBe(200);
    expect(res.body.profile).toEqual({ username: 'Bob', bio: 'Cakes', website: null, avatar_url: null });
    expect((await profileOf(user.userId))?.website).toBeUndefined();
  });

  it.each([
    ['a javascript: website', { website: 'javascript:alert(document.cookie)' }, 'Website must be a link starting with http:// or https://'],
    ['an ftp: website', { website: 'ftp://files.example/me' }, 'Website must be a link starting with http:// or https://'],
    ['a javascript: picture link', { avatar_url: 'javascript:alert(1)' }, 'Profile picture URL must be a link starting with http:// or https://'],
    ['an ftp: picture link', { avatar_url: 'ftp://files.example/me.png' }, 'Profile picture URL must be a link starting with http:// or https://'],
    [
      'a picture pointing into our bucket',
      { avatar_url: 's3://avatars/someone-1700000000000.png' },
      'Profile picture URL must be a link starting with http:// or https://',
    ],
    ['a nickname over 50 characters', { username: 'x'.repeat(51) }, 'Nickname must be 50 characters or less'],
  ])('refuses %s with a 400 and its message, writing nothing', async (_name, body, message) => {
    // Prepare
    const user = await aConfirmedUser();
    await weCallTheApi('PATCH', '/api/profile', { token: user.accessToken, body: { username: 'Bob', website: 'https://bob.example' } });
    const before = await profileOf(user.userId);

    // Act
    const res = await weCallTheApi('PATCH', '/api/profile', { token: user.accessToken, body: { username: 'Mallory', ...body } });

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await profileOf(user.userId)).toEqual(before);
  });

  it('refuses an empty body with "Nothing to update"', async () => {
    const user = await aConfirmedUser();

    const res = await weCallTheApi('PATCH', '/api/profile', { token: user.accessToken, body: {} });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Nothing to update');
  });

  it("changes only the caller's profile", async () => {
    const alice = await aConfirmedUser();
    const bob = await aConfirmedUser();

    await weCallTheApi('PATCH', '/api/profile', { token: alice.accessToken, body: { username: 'Alice' } });

    expect((await profileOf(bob.userId))?.username).toBeUndefined();
  });

  it('needs a signed-in user', async () => {
    const res = await weCallTheApi('PATCH', '/api/profile', { body: { username: 'Nobody' } });

    expect(res.status).toBe(401);
  });
});

describe('uploading a profile picture', () => {
  it('refuses a file name holding a lone UTF-16 surrogate with 400 and a clear message, writing nothing', async () => {
    const user = await aConfirmedUser();
    const before = await itemsOfUser(user.userId);

    const res = await weAskToUploadAnAvatar(user.accessToken, { name: '\udc00me.png', type: 'image/png', size: 10 });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MALFORMED_TEXT_MESSAGE);
    expect(await itemsOfUser(user.userId)).toEqual(before);
  });

  it('presigns, takes the upload, confirms it, and /api/me serves a working URL of the same bytes', async () => {
    // Prepare
    const user = await aConfirmedUser();

    // Act
    const { key, confirmed } = await anUploadedAvatar(user.accessToken);

    // Assess
    expect(key).toMatch(new RegExp(`^avatars/${user.userId}-\\d{13}\\.png$`));
    expect(confirmed.status).toBe(200);
    expect((await profileOf(user.userId))?.avatar_url).toBe(`s3://${key}`);
    const me = await weCallTheApi('GET', '/api/me', { token: user.accessToken });
    expect(me.body.profile.avatar_url).toMatch(/^https?:\/\//);
    expect(confirmed.body.profile.avatar_url).toMatch(/^https?:\/\//);
    const served = await fetch(me.body.profile.avatar_url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(A_TINY_PNG);
  });

  it('deletes the previous uploaded picture when a new one replaces it, and when a link replaces it', async () => {
    const user = await aConfirmedUser();
    const first = await anUploadedAvatar(user.accessToken);
    // A new timestamp, so a new key: the clock has moved past the first key's millisecond.
    const firstMs = Number(/-(\d{13})\.png$/.exec(first.key)![1]);
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(firstMs));

    const second = await anUploadedAvatar(user.accessToken);
    expect(second.key).not.toBe(first.key);
    expect(await objectExists(first.key)).toBe(false);
    expect(await objectExists(second.key)).toBe(true);

    await weCallTheApi('PATCH', '/api/profile', { token: user.accessToken, body: { avatar_url: 'https://cdn.example/me.png' } });
    expect(await objectExists(second.key)).toBe(false);
    expect((await weCallTheApi('GET', '/api/me', { token: user.accessToken })).body.profile.avatar_url).toBe('https://cdn.example/me.png');
  });

  it('keeps an uploaded picture when other fields are saved', async () => {
    const user = await aConfirmedUser();
    const { key } = await anUploadedAvatar(user.accessToken);

    const res = await weCallTheApi('PATCH', '/api/profile', { token: user.accessToken, body: { username: 'Bob' } });

    expect(res.body.profile.avatar_url).toMatch(/^https?:\/\//);
    expect(await objectExists(key)).toBe(true);
    expect((await profileOf(user.userId))?.avatar_url).toBe(`s3://${key}`);
  });

  it('refuses to presign a file that is not an image', async () => {
    const user = await aConfirmedUser();

    const res = await weAskToUploadAnAvatar(user.accessToken, { name: 'clip.mp4', type: 'video/mp4', size: 1000 });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(PROFILE_MSG.avatarImagesOnly);
  });

  it('refuses to presign an image over 100 MB with the spec message', async () => {
    const user = await aConfirmedUser();

    const res = await weAskToUploadAnAvatar(user.accessToken, { name: 'huge.png', type: 'image/png', size: 101 * 1024 * 1024 });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('huge.png exceeds 100MB limit (101.0MB)');
  });

  it('deletes and refuses an upload whose real type is not an image, keeping the old picture', async () => {
    // Prepare: the client declared an image, but S3 holds a text file
    const user = await aConfirmedUser();
    await weCallTheApi('PATCH', '/api/profile', { token: user.accessToken, body: { avatar_url: 'https://cdn.example/old.png' } });
    const form = await weAskToUploadAnAvatar(user.accessToken, { name: 'me.png', type: 'image/png', size: 13 });
    const key = (form.body as PresignUploadResponse).key;
    await anObjectStoredDirectly(key, Buffer.from('not a picture'), 'text/plain');

    // Act
    const res = await weConfirmTheAvatar(user.accessToken, key);

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(PROFILE_MSG.avatarImagesOnly);
    expect(await objectExists(key)).toBe(false);
    expect((await profileOf(user.userId))?.avatar_url).toBe('https://cdn.example/old.png');
  });

  it('deletes and refuses an SVG stored under an image type, keeping the old picture', async () => {
    // Prepare: the form said image/png; the bytes are an SVG that runs script when opened
    const user = await aConfirmedUser();
    const form = await weAskToUploadAnAvatar(user.accessToken, { name: 'me.png', type: 'image/png', size: 60 });
    const key = (form.body as PresignUploadResponse).key;
    await anObjectStoredDirectly(key, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/png');

    // Act
    const res = await weConfirmTheAvatar(user.accessToken, key);

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(PROFILE_MSG.avatarImagesOnly);
    expect(await objectExists(key)).toBe(false);
    expect((await profileOf(user.userId))?.avatar_url).toBeUndefined();
  });

  it('refuses to presign an SVG picture', async () => {
    const user = await aConfirmedUser();

    const res = await weAskToUploadAnAvatar(user.accessToken, { name: 'me.svg', type: 'image/svg+xml', size: 100 });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(PROFILE_MSG.avatarImagesOnly);
  });

  it('serves the uploaded picture as an attachment', async () => {
    const user = await aConfirmedUser();
    await anUploadedAvatar(user.accessToken);
    const me = await weCallTheApi('GET', '/api/me', { token: user.accessToken });

    const served = await fetch(me.body.profile.avatar_url);

    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toBe('attachment');
  });

  it("refuses another user's key and leaves their object alone", async () => {
    const alice = await aConfirmedUser();
    const mallory = await aConfirmedUser();
    const key = anAvatarKey(alice.userId);
    await anObjectStoredDirectly(key, A_TINY_PNG, 'image/png');

    const res = await weConfirmTheAvatar(mallory.accessToken, key);

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Upload not found; please try again');
    expect(await objectExists(key)).toBe(true);
    expect((await profileOf(mallory.userId))?.avatar_url).toBeUndefined();
  });

  it('refuses a post media key as a picture', async () => {
    const user = await aConfirmedUser();
    const key = `${user.userId}/${Date.now()}-abcdefgh.png`;
    await anObjectStoredDirectly(key, A_TINY_PNG, 'image/png');

    const res = await weConfirmTheAvatar(user.accessToken, key);

    expect(res.status).toBe(400);
    expect((await profileOf(user.userId))?.avatar_url).toBeUndefined();
  });

  it('says the upload was not found when nothing was stored', async () => {
    const user = await aConfirmedUser();

    const res = await weConfirmTheAvatar(user.accessToken, anAvatarKey(user.userId));

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Upload not found; please try again');
  });
});
