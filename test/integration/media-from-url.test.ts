import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import {
  MEDIA_URL_CREDENTIALS_MESSAGE,
  MEDIA_URL_HTTPS_MESSAGE,
  MEDIA_URL_REDIRECTS_MESSAGE,
  mediaUrlPrivateMessage,
  mediaUrlStatusMessage,
  mediaUrlTimeoutMessage,
  mediaUrlTooLargeMessage,
  mediaUrlTypeMessage,
} from '@shared/media-url';
import { unreadableImageMessage } from '@shared/media';
import { MediaItemSchema, type Post } from '@shared/posts';
import { describe, expect, it } from 'vitest';
import { s3Client } from '../../functions/lib/aws';
import { connect } from '../helpers/connect';
import { aConfirmedUser, cloud } from '../helpers/given';
import { weConfirmTheUpload } from '../helpers/media';
import { controlTheSandbox } from '../helpers/sandbox';
import { itemsOfUser, theSettledPost } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/**
 * Media from a link, through the API of the local cloud: the public-web stand-in
 * (local/sandbox/public-web.ts) plays the internet; every other local address is the private
 * network a fetch must never reach. A refused link writes nothing: the bucket is listed and the
 * table queried after each.
 */
const web = () => cloud().env.LOCAL_PUBLIC_WEB_ORIGIN!;
const WEB_HOST = '127.0.0.1';

const weImportFromUrl = (token: string, url: string) => weCallTheApi('POST', '/api/media/from-url', { token, body: { url } });

async function objectsOf(userId: string): Promise<string[]> {
  const page = await s3Client().send(new ListObjectsV2Command({ Bucket: process.env.MEDIA_BUCKET, Prefix: `${userId}/` }));
  return (page.Contents ?? []).map((o) => o.Key!);
}
const mediaRowsOf = async (userId: string) => (await itemsOfUser(userId)).filter((item) => String(item.sk).startsWith('MEDIA#'));

describe('media from a link', () => {
  it('stores a public file as an upload is stored, and Instagram publishes it', { timeout: 90_000 }, async () => {
    // Prepare
    const user = await aConfirmedUser({ plan: 'pro' });
    await connect('instagram', user.accessToken);
    const accounts = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body.accounts as { id: string; platform: string }[];
    const ig = accounts.find((a) => a.platform === 'instagram')!;
    const caption = `From a link ${Date.now()}`;

    // Act
    const res = await weImportFromUrl(user.accessToken, `${web()}/redirect/photo.jpg`);
    const published = await weCallTheApi('POST', '/api/posts/publish-now', {
      token: user.accessToken,
      body: { platforms: [{ platform: 'instagram', social_account_id: ig.id, caption }], media_ids: [res.body.id] },
    });
    const settled = await theSettledPost(user.accessToken, (published.body as Post).id, 60_000);

    // Assess: the body confirm answers, the type by the bytes (the server said application/octet-stream)
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const item = MediaItemSchema.parse(res.body);
    expect(item).toMatchObject({ post_id: null, file_type: 'image/jpeg', width: 1200, height: 900 });
    expect(item.file_path).toMatch(new RegExp(`^${user.userId}/\\d{13}-[0-9a-z]{8}\\.jpg$`));
    expect(await objectsOf(user.userId)).toEqual([item.file_path]);
    expect((await weConfirmTheUpload(user.accessToken, item.file_path)).body).toMatchObject({ id: item.id });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    expect(settled.status, settled.error_message ?? '').toBe('posted');
    const onInstagram = ((await controlTheSandbox('GET', '/posts?platform=instagram')).posts as { text: string; mediaUrls: string[] }[]).find(
      (p) => p.text === caption,
    )!;
    expect(onInstagram.mediaUrls).toHaveLength(1);
    expect(new URL(onInstagram.mediaUrls[0]!).pathname).toContain(item.file_path);
  });

  it('takes a video', async () => {
    const user = await aConfirmedUser();

    const res = await weImportFromUrl(user.accessToken, `${web()}/clip.mp4`);

    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ file_type: 'video/mp4', file_path: expect.stringMatching(/\.mp4$/) });
    expect(await mediaRowsOf(user.userId)).toHaveLength(1);
  });

  const refusals: [string, () => string, () => string][] = [
    ['not https', () => 'http://example.com/photo.jpg', () => MEDIA_URL_HTTPS_MESSAGE],
    ['credentials in the URL', () => `https://me:secret@example.com/photo.jpg`, () => MEDIA_URL_CREDENTIALS_MESSAGE],
    ['the front door by name (loopback)', () => `https://localhost:${new URL(cloud().url).port}/api/me`, () => mediaUrlPrivateMessage('localhost')],
    [
      'the local S3 by address, over IPv4-mapped IPv6',
      () => `https://[::ffff:127.0.0.1]:${new URL(cloud().env.S3_ENDPOINT!).port}/`,
      () => mediaUrlPrivateMessage('::ffff:7f00:1'),
    ],
    ['the metadata address', () => 'https://169.254.169.254/latest/meta-data/', () => mediaUrlPrivateMessage('169.254.169.254')],
    ['a redirect to the metadata address', () => `${web()}/redirect/metadata`, () => mediaUrlPrivateMessage('169.254.169.254')],
    ['more than three redirects', () => `${web()}/redirect/loop/0`, () => MEDIA_URL_REDIRECTS_MESSAGE],
    ['an HTTP error', () => `${web()}/missing.jpg`, () => mediaUrlStatusMessage(WEB_HOST, 404)],
    ['an HTML page', () => `${web()}/page.html`, () => mediaUrlTypeMessage(WEB_HOST)],
    ['a body over 100 MB, sent without a length', () => `${web()}/large.png`, () => mediaUrlTooLargeMessage(WEB_HOST)],
    ['a JPEG no decoder reads (refused by confirm, after storing)', () => `${web()}/broken.jpg`, () => unreadableImageMessage('broken.jpg')],
    ['a server slower than 20 s', () => `${web()}/slow.jpg`, () => mediaUrlTimeoutMessage(WEB_HOST)],
  ];

  it.each(refusals)('refuses %s with 400 and writes nothing', { timeout: 45_000 }, async (_, url, message) => {
    // Prepare
    const user = await aConfirmedUser();
    const before = await itemsOfUser(user.userId);

    // Act
    const res = await weImportFromUrl(user.accessToken, url());

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.message).toBe(message());
    expect(await objectsOf(user.userId)).toEqual([]);
    expect(await mediaRowsOf(user.userId)).toEqual([]);
    expect(await itemsOfUser(user.userId)).toEqual(before);
  });
});
