import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_UPLOAD_BYTES, MEDIA_URL_TTL_SECONDS, SNIFF_BYTES, type PresignUploadResponse } from '@shared/media';
import type { InstagramMediaFacts } from '@shared/instagram';
import type { MediaFacts } from '@shared/media-rules';
import type { MediaItem } from '@shared/posts';
import { s3Client } from '../lib/aws';
import { env } from '../lib/env';
import { ValidationError } from '../lib/errors';
import type { StoredMedia } from './posts';
import { instagramCopyKey, mediaIdForKey, mediaObjectPrefix, mediaSk, newObjectKey, workspacePk } from './keys';
import { db, putIf, tableName, updateIf } from './table';

/**
 * Media files (access pattern 13): the object lives in the media bucket at
 * `{userId}/{timestamp}-{random}.{ext}`; its row at pk = USER#<id>, sk = MEDIA#<id> (both built in keys.ts).
 *
 * The row id is derived from the object key (a ULID whose time part is the key's timestamp and whose
 * random part is a hash of the key), so confirming the same upload twice lands on the same row and
 * one conditional put is enough to keep it single.
 * A row without `post_id` is unattached; attaching sets it conditionally, so a file can never end up
 * on two posts, nor on a post while it is being deleted (`deleting`).
 */
const bucket = () => env().MEDIA_BUCKET;

export const MISSING_ATTACHMENTS_MESSAGE = 'Some of the attached files could not be found; upload them again';

export interface MediaRow {
  id: string;
  post_id: string | null;
  file_path: string;
  file_type: string;
  file_size: number;
  created_at: string;
  /** The name the user picked (for messages); rows from before it was kept have none. */
  file_name?: string;
  /** Images: what sharp read at confirm (displayed size, EXIF orientation applied). Videos: what the browser measured. */
  width?: number;
  height?: number;
  format?: string;
  /** Videos: the length in seconds the browser measured (shared/media.ts VideoFactsSchema). */
  duration_seconds?: number;
  /** Images Instagram cannot take as they are: the key of the JPEG copy made for it, and its size. */
  instagram_path?: string;
  instagram_size?: number;
}

const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined);
const optionalNumber = (value: unknown) => (typeof value === 'number' ? value : undefined);

function toRow(item: Record<string, unknown>): MediaRow {
  const row: MediaRow = {
    id: String(item.id),
    post_id: typeof item.post_id === 'string' ? item.post_id : null,
    file_path: String(item.file_path),
    file_type: String(item.file_type),
    file_size: Number(item.file_size),
    created_at: String(item.created_at),
  };
  const extra = {
    file_name: optionalString(item.file_name),
    width: optionalNumber(item.width),
    height: optionalNumber(item.height),
    format: optionalString(item.format),
    duration_seconds: optionalNumber(item.duration_seconds),
    instagram_path: optionalString(item.instagram_path),
    instagram_size: optionalNumber(item.instagram_size),
  };
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) Object.assign(row, { [key]: value });
  return row;
}

/** What a post keeps of a media row (embedded in the post item, docs/data-model.md#posts). */
export function storedMediaOf(row: MediaRow, altText?: string): StoredMedia {
  return withAltText(storedMediaFields(row), altText);
}

/** A post's copy of a file with the alt text Compose gave it; blank or none leaves it without. */
export function withAltText(media: StoredMedia, altText: string | undefined): StoredMedia {
  const { alt_text: _old, ...rest } = media;
  const alt = altText?.trim();
  return alt ? { ...rest, alt_text: alt } : rest;
}

function storedMediaFields(row: MediaRow): StoredMedia {
  const { id, file_path, file_type, file_size, created_at, file_name, width, height, duration_seconds, instagram_path, instagram_size } = row;
  const optional = { file_name, width, height, duration_seconds, instagram_path, instagram_size };
  return { id, file_path, file_type, file_size, created_at, ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)) };
}

/** What the compose rules (shared/instagram.ts) need of a file. */
export function instagramFactsOf(row: Pick<MediaRow, 'file_path' | 'file_type' | 'file_name' | 'width' | 'height'>): InstagramMediaFacts {
  return {
    file_name: row.file_name ?? row.file_path.slice(row.file_path.lastIndexOf('/') + 1),
    file_type: row.file_type,
    width: row.width ?? null,
    height: row.height ?? null,
  };
}

/** What every platform's media rules (shared/media-rules.ts) need of a file, from its row or a post's copy of it. */
export function mediaFactsOf(
  row: Pick<MediaRow, 'file_path' | 'file_type' | 'file_name' | 'width' | 'height' | 'duration_seconds'> & { readonly file_size?: number },
): MediaFacts {
  return { ...instagramFactsOf(row), duration_seconds: row.duration_seconds ?? null, file_size: row.file_size ?? null };
}

/** Every stored object of a media row: the upload and, if one was made, its Instagram copy. */
export const objectKeysOf = (row: Pick<MediaRow, 'file_path' | 'instagram_path'>): string[] => [
  row.file_path,
  ...(row.instagram_path ? [row.instagram_path] : []),
];

// ---------------------------------------------------------------------------------------------
// S3

export interface PresignPostInput {
  key: string;
  contentType: string;
  /** Kept as object metadata so a refusal at confirm can name the file the user picked. */
  fileName: string;
  expiresInSeconds: number;
}

/** S3 caps user metadata at 2 KB: 100 code points stay under it even fully percent-encoded. */
const fileNameMetadata = (fileName: string) => encodeURIComponent(Array.from(fileName).slice(0, 100).join(''));

/**
 * A presigned POST whose policy pins the key and the Content-Type and takes 1 byte to 100 MB (an
 * empty file is refused by S3 as EntityTooSmall). S3, and the local S3, enforce the policy; confirm
 * still re-checks the stored object, since the form's type and size are what the client declared.
 */
export async function presignPost(input: PresignPostInput): Promise<PresignUploadResponse> {
  const fileNameMeta = fileNameMetadata(input.fileName);
  const { url, fields } = await createPresignedPost(s3Client(), {
    Bucket: bucket(),
    Key: input.key,
    Conditions: [
      ['content-length-range', 1, MAX_UPLOAD_BYTES],
      ['eq', '$Content-Type', input.contentType],
      ['eq', '$x-amz-meta-file-name', fileNameMeta],
    ],
    Fields: { 'Content-Type': input.contentType, 'x-amz-meta-file-name': fileNameMeta },
    Expires: input.expiresInSeconds,
  });
  return { key: input.key, url, fields };
}

export interface StoredObject {
  size: number;
  contentType: string;
  fileName: string | null;
}

/** What S3 really holds at `key`, or null when nothing is there. */
export async function headObject(key: string): Promise<StoredObject | null> {
  try {
    const head = await s3Client().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    const rawName = head.Metadata?.['file-name'];
    let fileName: string | null = null;
    try {
      fileName = rawName ? decodeURIComponent(rawName) : null;
    } catch {
      fileName = rawName ?? null;
    }
    return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? '', fileName };
  } catch (error) {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return null;
    throw error;
  }
}

/** The first bytes of the object (what it really is, whatever its Content-Type says); empty when it has none. */
export async function readObjectHead(key: string, bytes = SNIFF_BYTES): Promise<Uint8Array> {
  try {
    const out = await s3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: key, Range: `bytes=0-${bytes - 1}` }));
    const body = (await out.Body?.transformToByteArray()) ?? new Uint8Array();
    return body.subarray(0, bytes);
  } catch (error) {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e.name === 'InvalidRange' || e.$metadata?.httpStatusCode === 416) return new Uint8Array();
    throw error;
  }
}

/** The whole object (images are read at confirm; uploads are at most 100 MB). */
export async function readObject(key: string): Promise<Buffer> {
  const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

/** `fileName`, when given, is kept as the upload form keeps it (headObject reads it back for messages). */
export async function putObject(key: string, body: Buffer, contentType: string, fileName?: string): Promise<void> {
  const Metadata = fileName === undefined ? undefined : { 'file-name': fileNameMetadata(fileName) };
  await s3Client().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType, Metadata }));
}

export async function deleteObject(key: string): Promise<void> {
  await s3Client().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}

/** One DeleteObject per file: a post holds a handful, and s3rver's multi-delete is not worth the risk. */
async function deleteObjects(keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => deleteObject(key)));
}

/**
 * Presigned GETs are signed as of the start of a 30-minute window and live MEDIA_URL_TTL_SECONDS
 * past its end, so each is valid for at least that long. Within a window the URL of a file is
 * always the same: the browser's image cache survives the 15-second list refreshes, and a list of
 * many posts signs each file once per window instead of on every read (~2 ms each).
 */
const SIGNING_WINDOW_MS = 30 * 60 * 1000;
export const MEDIA_CONTENT_DISPOSITION = 'attachment';
const MAX_CACHED_URLS = 5000;
const signedUrls = new Map<string, string>();
let signedUrlsWindow = 0;

/**
 * A short-lived presigned GET: the bucket is private (docs/architecture.md#the-pieces). It asks S3 to answer with
 * `Content-Disposition: attachment`, so a user's file opened by its URL is downloaded, never rendered
 * as a page of our origin's neighbour (img/video elements and the platforms' fetches ignore it).
 */
export async function mediaUrl(key: string, now: Date = new Date()): Promise<string> {
  const window = Math.floor(now.getTime() / SIGNING_WINDOW_MS) * SIGNING_WINDOW_MS;
  if (window !== signedUrlsWindow || signedUrls.size >= MAX_CACHED_URLS) {
    signedUrls.clear();
    signedUrlsWindow = window;
  }
  const cached = signedUrls.get(key);
  if (cached) return cached;
  const url = await getSignedUrl(s3Client(), new GetObjectCommand({ Bucket: bucket(), Key: key, ResponseContentDisposition: MEDIA_CONTENT_DISPOSITION }), {
    signingDate: new Date(window),
    expiresIn: MEDIA_URL_TTL_SECONDS + SIGNING_WINDOW_MS / 1000,
  });
  signedUrls.set(key, url);
  return url;
}

export async function mediaItemFor(row: MediaRow & { alt_text?: string }): Promise<MediaItem> {
  const { id, post_id, file_path, file_type, file_size, created_at, width, height, alt_text } = row;
  // Width and height only where known: read by sharp for images, measured by the browser for videos.
  return {
    id,
    post_id,
    file_path,
    file_type,
    file_size,
    created_at,
    ...(width && height ? { width, height } : {}),
    ...(alt_text ? { alt_text } : {}),
    url: await mediaUrl(file_path),
  };
}

// ---------------------------------------------------------------------------------------------
// Rows

async function getMediaItem(userId: string, id: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: workspacePk(userId), sk: mediaSk(id) }, ConsistentRead: true }));
  return Item;
}

export async function getMediaRow(userId: string, id: string): Promise<MediaRow | null> {
  const item = await getMediaItem(userId, id);
  return item ? toRow(item) : null;
}

/**
 * Writes the row unless it exists; either way returns the stored row (a repeated confirm is a no-op).
 */
export async function putMediaRowOnce(userId: string, row: MediaRow): Promise<MediaRow> {
  const written = await putIf({
    Item: { pk: workspacePk(userId), sk: mediaSk(row.id), type: 'Media', ...row, post_id: row.post_id ?? undefined },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  return written ? row : ((await getMediaRow(userId, row.id)) ?? row);
}

/**
 * The user's unattached media rows for these ids, in the order given (duplicates collapsed).
 * Any id that is missing, not the user's, or already on a post is a validation error.
 */
export async function getMediaRows(userId: string, ids: string[]): Promise<MediaRow[]> {
  const unique = [...new Set(ids)];
  const items = await Promise.all(unique.map((id) => getMediaItem(userId, id)));
  if (items.some((item) => !item || typeof item.post_id === 'string' || item.deleting)) throw new ValidationError(MISSING_ATTACHMENTS_MESSAGE);
  return items.map((item) => toRow(item!));
}

/** Sets post_id on each row, only while it is still unattached (or already on this post). */
export async function attachMediaToPost(userId: string, ids: string[], postId: string): Promise<void> {
  for (const id of new Set(ids)) {
    const after = await updateIf({
      Key: { pk: workspacePk(userId), sk: mediaSk(id) },
      UpdateExpression: 'SET post_id = :postId',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleting) AND (attribute_not_exists(post_id) OR post_id = :postId)',
      ExpressionAttributeValues: { ':postId': postId },
    });
    if (!after) throw new ValidationError(MISSING_ATTACHMENTS_MESSAGE);
  }
}

/** Undoes `attachMediaToPost` for rows still attached to `owner`: they are unattached again (a refused create keeps the user's uploads). */
export async function detachMedia(userId: string, ids: string[], owner: string): Promise<void> {
  for (const id of new Set(ids)) {
    await updateIf({
      Key: { pk: workspacePk(userId), sk: mediaSk(id) },
      UpdateExpression: 'REMOVE post_id',
      ConditionExpression: 'post_id = :owner',
      ExpressionAttributeValues: { ':owner': owner },
    });
  }
}

/**
 * Marks an unattached row as being deleted, so no post can take it while its file goes away
 * (attach refuses marked rows). Returns the row, or null when it is missing or on a post.
 */
export async function claimMediaForDelete(userId: string, id: string): Promise<MediaRow | null> {
  const after = await updateIf(
    {
      Key: { pk: workspacePk(userId), sk: mediaSk(id) },
      UpdateExpression: 'SET deleting = :true',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(post_id)',
      ExpressionAttributeValues: { ':true': true },
    },
    true,
  );
  return after && toRow(after);
}

export async function deleteMediaRow(userId: string, id: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: workspacePk(userId), sk: mediaSk(id) } }));
}

/** A post's media go with it: the stored files first, then the rows (docs/product-rules.md#writes-and-storage). */
export async function deleteMediaOfPost(userId: string, rows: MediaRow[]): Promise<void> {
  if (rows.length === 0) return;
  // Only keys under the user's own prefix: a row is never a way into someone else's files.
  await deleteObjects(rows.flatMap(objectKeysOf).filter((key) => key.startsWith(mediaObjectPrefix(userId))));
  for (const row of rows) await deleteMediaRow(userId, row.id);
}

/** A server-side copy within the media bucket; Content-Type and the file-name metadata come along. */
export async function copyObject(from: string, to: string): Promise<void> {
  const source = `${bucket()}/${from.split('/').map(encodeURIComponent).join('/')}`;
  await s3Client().send(new CopyObjectCommand({ Bucket: bucket(), Key: to, CopySource: source }));
}

/**
 * Gives a new post its own copies of another post's files (duplicate): each file (and its
 * Instagram copy) is copied in the bucket to a new key, and a new media row, attached to `postId`,
 * points at it. The two posts then share nothing, so deleting either deletes only its own files.
 * Only keys under the user's own prefix are copied. On any failure, what was copied is deleted again.
 */
export async function copyMediaToPost(
  userId: string,
  media: readonly StoredMedia[],
  postId: string,
  now: Date,
  randomPart: () => string,
): Promise<StoredMedia[]> {
  if (media.some((m) => objectKeysOf(m).some((key) => !key.startsWith(mediaObjectPrefix(userId))))) throw new ValidationError(MISSING_ATTACHMENTS_MESSAGE);
  const copies = media.map((m) => {
    const key = newObjectKey(userId, m.file_path.slice(m.file_path.lastIndexOf('.') + 1), now, randomPart());
    const stored: StoredMedia = { ...m, id: mediaIdForKey(userId, key)!, file_path: key, created_at: now.toISOString() };
    if (m.instagram_path) stored.instagram_path = instagramCopyKey(key);
    return { from: m, stored };
  });
  const written: MediaRow[] = [];
  try {
    for (const { from, stored } of copies) {
      const row = { ...stored, post_id: postId };
      written.push(row);
      await copyObject(from.file_path, stored.file_path);
      if (from.instagram_path && stored.instagram_path) await copyObject(from.instagram_path, stored.instagram_path);
      await putMediaRowOnce(userId, row);
    }
  } catch (error) {
    await deleteMediaOfPost(userId, written).catch(() => undefined);
    throw error;
  }
  return copies.map((c) => c.stored);
}
