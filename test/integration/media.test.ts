import { emptyFileMessage, MEDIA_TYPE_MESSAGE, MEDIA_URL_TTL_SECONDS, notAPdfMessage, type PresignUploadResponse } from '@shared/media';
import { MALFORMED_TEXT_MESSAGE } from '@shared/text';
import { describe, expect, it } from 'vitest';
import { MediaItemSchema } from '@shared/posts';
import { attachMediaToPost } from '../../functions/data/media';
import { aConfirmedUser, cloud } from '../helpers/given';
import {
  aMediaKey,
  anObjectStoredDirectly,
  anUploadedImage,
  aPdfFile,
  aPng,
  A_TINY_PNG,
  objectExists,
  weAskToUpload,
  weConfirmTheUpload,
  weUploadTo,
} from '../helpers/media';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

const mediaRowsOf = async (userId: string) => (await itemsOfUser(userId)).filter((item) => String(item.sk).startsWith('MEDIA#'));
const ONE_MB = 1024 * 1024;

describe('uploading media', () => {
  it('refuses a file name holding a lone UTF-16 surrogate with 400 and a clear message, writing nothing', async () => {
    // Prepare: JSON can carry half an emoji ("\ud83d"); it has no UTF-8 form
    const user = await aConfirmedUser();
    const before = await itemsOfUser(user.userId);

    // Act
    const res = await weAskToUpload(user.accessToken, { name: 'holiday \ud83d.png', type: 'image/png', size: 10 });

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MALFORMED_TEXT_MESSAGE);
    expect(await itemsOfUser(user.userId)).toEqual(before);
  });

  it('presigns a POST, takes a real multipart upload, confirms it and serves the same bytes back', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const form = await weAskToUpload(user.accessToken, { name: 'Holiday Photo.PNG', type: 'image/png', size: A_TINY_PNG.length });
    expect(form.status).toBe(200);
    expect(form.body.key).toMatch(new RegExp(`^${user.userId}/\\d{13}-[0-9a-z]{8}\\.png$`));

    // Act
    const upload = await weUploadTo(form.body, aPng('Holiday Photo.PNG'));
    const confirmed = await weConfirmTheUpload(user.accessToken, form.body.key);

    // Assess
    expect(upload.ok).toBe(true);
    expect(confirmed.status).toBe(201);
    const item = MediaItemSchema.parse(confirmed.body);
    expect(item).toMatchObject({ post_id: null, file_path: form.body.key, file_type: 'image/png', file_size: A_TINY_PNG.length });
    expect(await mediaRowsOf(user.userId)).toEqual([expect.objectContaining({ id: item.id, file_path: form.body.key, file_size: A_TINY_PNG.length })]);
    const served = await fetch(item.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(A_TINY_PNG);
    // Valid for at least the media TTL from now, and no more than half an hour beyond it.
    const signed = new URL(item.url).searchParams;
    const signedAt = Date.parse(signed.get('X-Amz-Date')!.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    const validUntil = signedAt + Number(signed.get('X-Amz-Expires')) * 1000;
    expect(validUntil - Date.now()).toBeGreaterThanOrEqual(MEDIA_URL_TTL_SECONDS * 1000 - 5_000);
    expect(validUntil - Date.now()).toBeLessThanOrEqual((MEDIA_URL_TTL_SECONDS + 1800) * 1000);
  });

  it('stores the file type in lower case whatever case the browser sent it in', async () => {
    const user = await aConfirmedUser();
    const form = await weAskToUpload(user.accessToken, { name: 'shout.png', type: 'IMAGE/PNG', size: A_TINY_PNG.length });
    expect(form.status, JSON.stringify(form.body)).toBe(200);

    const upload = await weUploadTo(form.body, { ...aPng('shout.png'), type: 'IMAGE/PNG' });
    const confirmed = await weConfirmTheUpload(user.accessToken, form.body.key);

    expect(upload.ok).toBe(true);
    expect(form.body.fields['Content-Type']).toBe('image/png');
    expect(confirmed.body.file_type).toBe('image/png');
    expect((await mediaRowsOf(user.userId)).map((row) => row.file_type)).toEqual(['image/png']);
  });

  it("lets the app's page POST to the local S3 across origins (a simple CORS request, no preflight)", async () => {
    const user = await aConfirmedUser();
    const form = await weAskToUpload(user.accessToken, { name: 'a.png', type: 'image/png', size: A_TINY_PNG.length });

    const upload = await weUploadTo(form.body, aPng('a.png'), { origin: cloud().url });

    expect(upload.status).toBe(204);
    expect(upload.headers.get('access-control-allow-origin')).toMatch(/^(\*|http:\/\/localhost:\d+)$/);
  });

  it('confirming the same upload twice keeps one row', async () => {
    const user = await aConfirmedUser();
    const first = await anUploadedImage(user.accessToken);

    const again = await weConfirmTheUpload(user.accessToken, first.file_path);

    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.id);
    // The same file reads back under the same URL within a signing window, so browsers can cache it.
    expect(again.body.url).toBe(first.url);
    expect(await mediaRowsOf(user.userId)).toHaveLength(1);
  });

  it('takes the extension from the mime type when the file name has none', async () => {
    const user = await aConfirmedUser();

    const form = await weAskToUpload(user.accessToken, { name: 'clip', type: 'video/quicktime', size: 10 });

    expect(form.body.key).toMatch(/\.mov$/);
  });

  it('refuses a file over 100 MB with the spec message, writing nothing', async () => {
    const user = await aConfirmedUser();

    const res = await weAskToUpload(user.accessToken, { name: 'big.mp4', type: 'video/mp4', size: 101 * ONE_MB });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('big.mp4 exceeds 100MB limit (101.0MB)');
    expect(await mediaRowsOf(user.userId)).toEqual([]);
  });

  it('refuses a file that is neither an image nor a video', async () => {
    const user = await aConfirmedUser();

    const res = await weAskToUpload(user.accessToken, { name: 'notes.txt', type: 'text/plain', size: 10 });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MEDIA_TYPE_MESSAGE);
    expect(await mediaRowsOf(user.userId)).toEqual([]);
  });
});

describe('confirming an upload checks what S3 really holds', () => {
  it('deletes and refuses an object whose real type is not an image or video', async () => {
    const user = await aConfirmedUser();
    const key = aMediaKey(user.userId);
    await anObjectStoredDirectly(key, Buffer.from('not a picture'), 'text/plain');

    const res = await weConfirmTheUpload(user.accessToken, key);

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MEDIA_TYPE_MESSAGE);
    expect(await objectExists(key)).toBe(false);
    expect(await mediaRowsOf(user.userId)).toEqual([]);
  });

  it.each([
    ['an SVG with script', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"/>')],
    ['an SVG labelled as a PNG', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"/>')],
    ['an HTML page labelled as a JPEG', 'image/jpeg', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['a HEIC photo labelled as an MP4', 'video/mp4', Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1')],
  ])('deletes and refuses %s, writing no row', async (_name, contentType, bytes) => {
    // Prepare: a client that ignored the form (or lied in it) stored this
    const user = await aConfirmedUser();
    const key = aMediaKey(user.userId);
    await anObjectStoredDirectly(key, bytes, contentType);

    // Act
    const res = await weConfirmTheUpload(user.accessToken, key);

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MEDIA_TYPE_MESSAGE);
    expect(await objectExists(key)).toBe(false);
    expect(await mediaRowsOf(user.userId)).toEqual([]);
  });

  it('takes a PDF whose bytes start with a PDF header, as a document of its own type', async () => {
    const user = await aConfirmedUser();

    const item = await anUploadedImage(user.accessToken, aPdfFile('deck.pdf'));

    expect(item).toMatchObject({ file_type: 'application/pdf', file_size: aPdfFile().bytes.length, post_id: null });
    expect(item.width ?? null).toBeNull();
    expect(await objectExists(item.file_path)).toBe(true);
  });

  it('deletes and refuses a file labelled PDF that is not one, naming it, writing no row', async () => {
    const user = await aConfirmedUser();
    const form = await weAskToUpload(user.accessToken, { name: 'deck.pdf', type: 'application/pdf', size: 40 });
    const upload = await weUploadTo(form.body as PresignUploadResponse, {
      name: 'deck.pdf',
      type: 'application/pdf',
      bytes: Buffer.from('<!doctype html><script>alert(1)</script>'),
    });
    expect(upload.ok).toBe(true);

    const res = await weConfirmTheUpload(user.accessToken, (form.body as PresignUploadResponse).key);

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(notAPdfMessage('deck.pdf'));
    expect(await objectExists((form.body as PresignUploadResponse).key)).toBe(false);
    expect(await mediaRowsOf(user.userId)).toEqual([]);
  });

  it('refuses to hand out an upload form for an SVG', async () => {
    const user = await aConfirmedUser();

    const res = await weAskToUpload(user.accessToken, { name: 'logo.svg', type: 'image/svg+xml', size: 100 });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MEDIA_TYPE_MESSAGE);
  });

  it('serves a stored file as an attachment, so opening its URL never renders it as a page', async () => {
    const user = await aConfirmedUser();
    const item = await anUploadedImage(user.accessToken);

    const served = await fetch(item.url);

    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toBe('attachment');
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('deletes and refuses an object larger than 100 MB that reached the bucket without the form, naming the file', async () => {
    const user = await aConfirmedUser();
    const key = aMediaKey(user.userId, 'mp4');
    // A client that skipped the form (S3 refuses the form's POST over 100 MB: see below).
    await anObjectStoredDirectly(key, Buffer.alloc(100 * ONE_MB + 1), 'video/mp4');

    const res = await weConfirmTheUpload(user.accessToken, key);

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(`${key.slice(key.lastIndexOf('/') + 1)} exceeds 100MB limit (100.0MB)`);
    expect(await objectExists(key)).toBe(false);
    expect(await mediaRowsOf(user.userId)).toEqual([]);
  }, 60_000);

  it('deletes and refuses an empty object with a clear message, never a 500', async () => {
    // Prepare: an object of 0 bytes (S3 answers a ranged read of it with 416, which confirm must not trip on)
    const user = await aConfirmedUser();
    const key = aMediaKey(user.userId);
    await anObjectStoredDirectly(key, Buffer.alloc(0), 'image/png');

    // Act
    const res = await weConfirmTheUpload(user.accessToken, key);

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(emptyFileMessage(key.slice(key.lastIndexOf('/') + 1)));
    expect(await objectExists(key)).toBe(false);
    expect(await mediaRowsOf(user.userId)).toEqual([]);
  });

  it('says the upload was not found when nothing was stored', async () => {
    const user = await aConfirmedUser();

    const res = await weConfirmTheUpload(user.accessToken, aMediaKey(user.userId));

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Upload not found; please try again');
    expect(await mediaRowsOf(user.userId)).toEqual([]);
  });

  it("cannot confirm another user's object", async () => {
    const alice = await aConfirmedUser();
    const mallory = await aConfirmedUser();
    const key = aMediaKey(alice.userId);
    await anObjectStoredDirectly(key, A_TINY_PNG, 'image/png');

    const res = await weConfirmTheUpload(mallory.accessToken, key);

    expect(res.status).toBe(400);
    expect(await mediaRowsOf(mallory.userId)).toEqual([]);
    expect(await mediaRowsOf(alice.userId)).toEqual([]);
    expect(await objectExists(key)).toBe(true);
  });
});

describe('deleting media', () => {
  it('removes the stored file and the row', async () => {
    const user = await aConfirmedUser();
    const item = await anUploadedImage(user.accessToken);

    const res = await weCallTheApi('DELETE', `/api/media/${item.id}`, { token: user.accessToken });

    expect(res.status).toBe(204);
    expect(await objectExists(item.file_path)).toBe(false);
    expect(await mediaRowsOf(user.userId)).toEqual([]);
  });

  it("answers 404 for another user's file and leaves it alone", async () => {
    const alice = await aConfirmedUser();
    const mallory = await aConfirmedUser();
    const item = await anUploadedImage(alice.accessToken);

    const res = await weCallTheApi('DELETE', `/api/media/${item.id}`, { token: mallory.accessToken });

    expect(res.status).toBe(404);
    expect(await objectExists(item.file_path)).toBe(true);
    expect(await mediaRowsOf(alice.userId)).toHaveLength(1);
  });

  it('refuses a file that belongs to a post', async () => {
    const user = await aConfirmedUser();
    const item = await anUploadedImage(user.accessToken);
    await attachMediaToPost(user.userId, [item.id], '01JZZZZZZZZZZZZZZZZZZZZZZZ');

    const res = await weCallTheApi('DELETE', `/api/media/${item.id}`, { token: user.accessToken });

    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('This file belongs to a post; delete it from the post');
    expect(await objectExists(item.file_path)).toBe(true);
    expect(await mediaRowsOf(user.userId)).toHaveLength(1);
  });
});
