import { NOTHING_TO_DUPLICATE_MESSAGE, type DuplicatePostResponse, type Post } from '@shared/posts';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { getMediaRow } from '../../functions/data/media';
import { getPost } from '../../functions/data/posts';
import { aConfirmedUser } from '../helpers/given';
import { anUploadedImage, objectExists } from '../helpers/media';
import { aConnectedAccount, aStoredPost, inDays } from '../helpers/posts';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/**
 * A new draft with the same content, the accounts that can still post
 * and its own copies of the media files; the two posts' files are independent.
 */
const postsOf = async (userId: string) => (await itemsOfUser(userId)).filter((i) => String(i.sk).startsWith('POST#'));
const keysOfItems = async (userId: string) => (await itemsOfUser(userId)).map((i) => String(i.sk)).sort();

/** Every stored object of a post's media (the upload and any Instagram copy), from the table. */
async function objectKeysOfPost(userId: string, postId: string): Promise<string[]> {
  const post = await getPost(userId, postId);
  return post!.media.flatMap((m) => [m.file_path, ...(m.instagram_path ? [m.instagram_path] : [])]);
}

describe('duplicating a post', () => {
  it('makes a draft with the same content and its own media files; deleting either post leaves the other whole', async () => {
    // Prepare: a scheduled post to Instagram and Facebook, for a client, with two images.
    const user = await aConfirmedUser({ plan: 'basic' });
    const instagram = await aConnectedAccount(user.userId, 'instagram', '@bakery');
    const facebook = await aConnectedAccount(user.userId, 'facebook', 'Bakery Page');
    const client = await weCallTheApi('POST', '/api/clients', { token: user.accessToken, body: { name: 'Corner Bakery' } });
    const images = [await anUploadedImage(user.accessToken), await anUploadedImage(user.accessToken)];
    const created = await weCallTheApi('POST', '/api/posts', {
      token: user.accessToken,
      body: {
        title: 'Weekend loaves',
        scheduled_at: inDays(2),
        platforms: [
          { platform: 'instagram', social_account_id: instagram.id, caption: 'Sourdough on Instagram' },
          { platform: 'facebook', social_account_id: facebook.id, caption: 'Sourdough on Facebook' },
        ],
        media_ids: images.map((m) => m.id),
        client_id: client.body.id,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const original = created.body as Post;
    const originalKeys = await objectKeysOfPost(user.userId, original.id);

    // Act
    const res = await weCallTheApi('POST', `/api/posts/${original.id}/duplicate`, { token: user.accessToken });
    const { post: copy, left_out } = res.body as DuplicatePostResponse;
    const copyKeys = await objectKeysOfPost(user.userId, copy.id);

    // Assess: the same content, a new draft, nothing published.
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(left_out).toEqual([]);
    expect(copy).toMatchObject({ status: 'draft', scheduled_at: null, title: 'Weekend loaves', client_id: client.body.id, version: 1 });
    expect(copy.id).not.toBe(original.id);
    expect(copy.platforms.map((t) => [t.platform, t.social_account_id, t.caption, t.settings, t.status])).toEqual(
      original.platforms.map((t) => [t.platform, t.social_account_id, t.caption, t.settings, 'pending']),
    );
    expect(copy.platforms.map((t) => t.id)).not.toEqual(original.platforms.map((t) => t.id));
    // Its own files: new rows owned by the copy, new objects with the same bytes' size and type.
    expect(copy.media).toHaveLength(2);
    expect(copy.media.map((m) => [m.file_type, m.file_size, m.width, m.height])).toEqual(
      original.media.map((m) => [m.file_type, m.file_size, m.width, m.height]),
    );
    for (const m of copy.media) expect(await getMediaRow(user.userId, m.id)).toMatchObject({ post_id: copy.id, file_path: m.file_path });
    // A PNG has an Instagram JPEG copy beside it: that is copied too.
    expect(originalKeys.filter((k) => k.endsWith('.ig.jpg'))).toHaveLength(2);
    expect(copyKeys).toHaveLength(originalKeys.length);
    expect(copyKeys.filter((k) => originalKeys.includes(k))).toEqual([]);
    for (const key of copyKeys) expect(await objectExists(key)).toBe(true);

    // Deleting the original deletes only its files; the copy's stay, and go with the copy.
    expect((await weCallTheApi('DELETE', `/api/posts/${original.id}`, { token: user.accessToken })).status).toBe(204);
    for (const key of originalKeys) expect(await objectExists(key)).toBe(false);
    for (const key of copyKeys) expect(await objectExists(key)).toBe(true);
    const reread = (await weCallTheApi('GET', `/api/posts/${copy.id}`, { token: user.accessToken })).body as Post;
    expect(reread.media.map((m) => m.id)).toEqual(copy.media.map((m) => m.id));
    expect((await weCallTheApi('DELETE', `/api/posts/${copy.id}`, { token: user.accessToken })).status).toBe(204);
    for (const key of copyKeys) expect(await objectExists(key)).toBe(false);
  });

  it('leaves out an account that is no longer connected and says which', async () => {
    // Prepare: a posted post to two pages, one since disconnected.
    const user = await aConfirmedUser({ plan: 'basic' });
    const kept = await aConnectedAccount(user.userId, 'facebook', 'Bakery Page');
    const gone = await aConnectedAccount(user.userId, 'x', '@oldbakery');
    const post = await aStoredPost(user.userId, kept, { status: 'posted', scheduled_at: inDays(-1), published_at: inDays(-1) });
    const posted = { ...post.platforms[0]!, status: 'posted' as const, post_url: 'https://facebook.example/1', posted_at: inDays(-1) };
    const { replacePost } = await import('../../functions/data/posts');
    await replacePost(
      user.userId,
      { ...post, platforms: [posted, { ...posted, id: ulid(), platform: 'x', social_account_id: gone.id, account_name: '@oldbakery', caption: 'On X' }] },
      { version: post.version, status: 'posted' },
    );
    expect((await weCallTheApi('DELETE', `/api/accounts/${gone.id}`, { token: user.accessToken })).status).toBeLessThan(300);

    // Act
    const res = await weCallTheApi('POST', `/api/posts/${post.id}/duplicate`, { token: user.accessToken });

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.post.platforms.map((t: Post['platforms'][number]) => [t.platform, t.account_name, t.status, t.post_url])).toEqual([
      ['facebook', 'Bakery Page', 'pending', null],
    ]);
    expect(res.body.left_out).toEqual([{ platform: 'x', account_name: '@oldbakery', reason: expect.any(String) }]);
  });

  it("answers 404 for another user's post, 400 for a malformed id and for nothing left to copy, writing nothing", async () => {
    // Prepare
    const owner = await aConfirmedUser();
    const other = await aConfirmedUser();
    const account = await aConnectedAccount(owner.userId, 'facebook', 'Bakery Page');
    const post = await aStoredPost(owner.userId, account);
    const orphan = await aStoredPost(owner.userId, { ...account, id: ulid(), account_name: 'Deleted Page' });
    const before = await keysOfItems(owner.userId);

    // Act
    const theirs = await weCallTheApi('POST', `/api/posts/${post.id}/duplicate`, { token: other.accessToken });
    const unknown = await weCallTheApi('POST', `/api/posts/${ulid()}/duplicate`, { token: owner.accessToken });
    const malformed = await weCallTheApi('POST', '/api/posts/..%2Fx/duplicate', { token: owner.accessToken });
    const nothing = await weCallTheApi('POST', `/api/posts/${orphan.id}/duplicate`, { token: owner.accessToken });

    // Assess
    expect(theirs.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(400);
    expect(nothing).toMatchObject({ status: 400, body: { error: { message: NOTHING_TO_DUPLICATE_MESSAGE } } });
    expect(await keysOfItems(owner.userId)).toEqual(before);
    expect(await postsOf(other.userId)).toEqual([]);
  });
});
