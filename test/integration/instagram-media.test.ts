import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { Post } from '@shared/posts';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { getMediaRow } from '../../functions/data/media';
import { s3Client } from '../../functions/lib/aws';
import { connect } from '../helpers/connect';
import { aConfirmedUser } from '../helpers/given';
import { aMediaKey, anImageOf, anObjectStoredDirectly, anUploadedImage, objectExists, weConfirmTheUpload } from '../helpers/media';
import { aConnectedAccount } from '../helpers/posts';
import { itemsOfUser, theSettledPost } from '../helpers/then';
import { aPostDueIn } from '../helpers/due';
import { weCallTheApi } from '../helpers/when';
import { controlTheSandbox as control } from '../helpers/sandbox';

/**
 * Through the API: media confirm reads an image's real format and size and keeps a
 * JPEG copy for Instagram of what Instagram would refuse; compose refuses what no copy can fix (the
 * aspect ratio, no media at all); the publisher hands Instagram the copy; the copy goes wherever
 * the upload goes.
 */

async function storedBytes(key: string): Promise<Buffer> {
  const object = await s3Client().send(new GetObjectCommand({ Bucket: process.env.MEDIA_BUCKET, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

const isJpeg = (bytes: Buffer) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
const aPhoto = async (name: string, width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') => ({
  name,
  type: `image/${format}`,
  bytes: await anImageOf(width, height, format),
});

describe('confirming an image upload', () => {
  it('reads the real size, and keeps a 1440-wide sRGB JPEG copy of a PNG for Instagram', async () => {
    // Prepare
    const user = await aConfirmedUser();

    // Act
    const item = await anUploadedImage(user.accessToken, await aPhoto('screenshot.png', 2000, 1500));

    // Assess
    expect(item).toMatchObject({ width: 2000, height: 1500, file_type: 'image/png' });
    const row = (await getMediaRow(user.userId, item.id))!;
    expect(row).toMatchObject({ format: 'png', file_name: 'screenshot.png', instagram_path: expect.stringMatching(/\.ig\.jpg$/) });
    const copy = await storedBytes(row.instagram_path!);
    expect(isJpeg(copy)).toBe(true);
    expect(row.instagram_size).toBe(copy.length);
    const meta = await sharp(copy).metadata();
    expect({ width: meta.width, height: meta.height, space: meta.space }).toEqual({ width: 1440, height: 1080, space: 'srgb' });
  });

  it('sends a JPEG within Instagram’s limits as it is, without a copy', async () => {
    const user = await aConfirmedUser();

    const item = await anUploadedImage(user.accessToken, await aPhoto('loaf.jpg', 1080, 1350, 'jpeg'));

    expect(item).toMatchObject({ width: 1080, height: 1350 });
    expect((await getMediaRow(user.userId, item.id))!.instagram_path).toBeUndefined();
  });

  it('refuses and deletes a file that starts like a PNG but no decoder can read, writing no row', async () => {
    // Prepare: the PNG signature and header, then nothing.
    const user = await aConfirmedUser();
    const broken = (await anImageOf(400, 400, 'png')).subarray(0, 40);
    const key = aMediaKey(user.userId, 'png');
    await anObjectStoredDirectly(key, broken, 'image/png');

    // Act
    const res = await weConfirmTheUpload(user.accessToken, key);

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(`${key.slice(key.lastIndexOf('/') + 1)} could not be read as an image; please upload a JPEG, PNG, WebP or GIF file`);
    expect(await objectExists(key)).toBe(false);
    expect((await itemsOfUser(user.userId)).filter((i) => String(i.sk).startsWith('MEDIA#'))).toEqual([]);
  });

  it('deletes the Instagram copy with the file', async () => {
    const user = await aConfirmedUser();
    const item = await anUploadedImage(user.accessToken, await aPhoto('a.webp', 600, 600, 'webp'));
    const copy = (await getMediaRow(user.userId, item.id))!.instagram_path!;
    expect(await objectExists(copy)).toBe(true);

    const res = await weCallTheApi('DELETE', `/api/media/${item.id}`, { token: user.accessToken });

    expect(res.status).toBe(204);
    expect(await objectExists(item.file_path)).toBe(false);
    expect(await objectExists(copy)).toBe(false);
  });

  it('deletes the Instagram copy with the post that holds the file', async () => {
    const user = await aConfirmedUser();
    const page = await aConnectedAccount(user.userId, 'facebook', 'Bakery Page');
    const item = await anUploadedImage(user.accessToken, await aPhoto('b.png', 600, 600));
    const copy = (await getMediaRow(user.userId, item.id))!.instagram_path!;
    const post = (
      await weCallTheApi('POST', '/api/posts', {
        token: user.accessToken,
        body: { platforms: [{ platform: 'facebook', social_account_id: page.id, caption: 'Hi' }], media_ids: [item.id] },
      })
    ).body as Post;

    const res = await weCallTheApi('DELETE', `/api/posts/${post.id}`, { token: user.accessToken });

    expect(res.status).toBe(204);
    expect(await objectExists(item.file_path)).toBe(false);
    expect(await objectExists(copy)).toBe(false);
  });

  it('deletes the Instagram copy with the account', async () => {
    const user = await aConfirmedUser();
    const item = await anUploadedImage(user.accessToken, await aPhoto('c.png', 600, 600));
    const copy = (await getMediaRow(user.userId, item.id))!.instagram_path!;

    const res = await weCallTheApi('DELETE', '/api/account', { token: user.accessToken });

    expect(res.status).toBe(204);
    expect(await objectExists(copy)).toBe(false);
  });
});

describe('composing for Instagram', () => {
  it('refuses an image outside 4:5 … 1.91:1 with 400, naming the file and the range, and writes nothing', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const ig = await aConnectedAccount(user.userId, 'instagram', '@bakery');
    const item = await anUploadedImage(user.accessToken, await aPhoto('photo.png', 500, 1500));
    const before = await itemsOfUser(user.userId);

    // Act
    const res = await weCallTheApi('POST', '/api/posts', {
      token: user.accessToken,
      body: {
        platforms: [{ platform: 'instagram', social_account_id: ig.id, caption: 'Tall' }],
        media_ids: [item.id],
        scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Instagram needs images between 4:5 (portrait) and 1.91:1 (landscape); photo.png is 1:3.');
    expect(await itemsOfUser(user.userId)).toEqual(before);
  });

  it('refuses Instagram with no photo or video, and writes nothing', async () => {
    const user = await aConfirmedUser();
    const ig = await aConnectedAccount(user.userId, 'instagram', '@bakery');
    const before = await itemsOfUser(user.userId);

    const res = await weCallTheApi('POST', '/api/posts', {
      token: user.accessToken,
      body: { platforms: [{ platform: 'instagram', social_account_id: ig.id, caption: 'Words only' }] },
    });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Instagram needs a photo or a video to post.');
    expect(await itemsOfUser(user.userId)).toEqual(before);
  });

  it('takes the same tall image for a platform without that rule', async () => {
    const user = await aConfirmedUser();
    const page = await aConnectedAccount(user.userId, 'facebook', 'Bakery Page');
    const item = await anUploadedImage(user.accessToken, await aPhoto('photo.png', 500, 1500));

    const res = await weCallTheApi('POST', '/api/posts', {
      token: user.accessToken,
      body: { platforms: [{ platform: 'facebook', social_account_id: page.id, caption: 'Tall' }], media_ids: [item.id] },
    });

    expect(res.status).toBe(201);
  });
});

describe('publishing a PNG to Instagram', () => {
  beforeEach(async () => {
    await control('POST', '/reset');
    await control('POST', '/processing', { platform: 'instagram', seconds: 1 });
  });

  it('goes out as the JPEG copy, through the scheduler, the publisher and the sandbox', { timeout: 60_000 }, async () => {
    // Prepare
    const user = await aConfirmedUser({ plan: 'pro' });
    await connect('instagram', user.accessToken);
    const accounts = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body.accounts as { id: string; platform: string }[];
    const ig = accounts.find((a) => a.platform === 'instagram')!;
    const item = await anUploadedImage(user.accessToken, await aPhoto('screenshot.png', 1600, 1200));
    const copyKey = (await getMediaRow(user.userId, item.id))!.instagram_path!;
    const caption = `PNG to Instagram ${Date.now()}`;

    // Act
    const created = await aPostDueIn(3, user.accessToken, (scheduledAt) => ({
      platforms: [{ platform: 'instagram', social_account_id: ig.id, caption }],
      media_ids: [item.id],
      scheduled_at: scheduledAt,
    }));
    const post = await theSettledPost(user.accessToken, created.id);

    // Assess
    expect(post.status, post.error_message ?? '').toBe('posted');
    const published = ((await control('GET', '/posts?platform=instagram')).posts as { text: string; mediaUrls: string[] }[]).find((p) => p.text === caption)!;
    expect(published.mediaUrls).toHaveLength(1);
    expect(new URL(published.mediaUrls[0]!).pathname).toContain(copyKey);
    expect(isJpeg(await storedBytes(copyKey))).toBe(true);
  });
});
