import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { PresignUploadResponse } from '@shared/media';
import type { MediaItem } from '@shared/posts';
import { s3Client } from '../../functions/lib/aws';
import { weCallTheApi } from './when';

/** Media steps shared by the media, posts and e2e tests: real presigned POSTs against the local S3. */

/** A 1×1 transparent PNG. */
export const A_TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A 4×4 JPEG: what every platform, Instagram included, publishes as is. */
export const A_TINY_JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAEAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCxASR1/9k=',
  'base64',
);

/** A real image of the given size (sharp), for the Instagram format, size and aspect rules. */
export async function anImageOf(width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg'): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 160, b: 96 } } })
    .toFormat(format)
    .toBuffer();
}

export interface AFile {
  name: string;
  type: string;
  bytes: Buffer;
}

export const aPng = (name = 'photo.png'): AFile => ({ name, type: 'image/png', bytes: A_TINY_PNG });

/** Asks the API for an upload form, as the browser does before uploading. */
export async function weAskToUpload(token: string, file: { name: string; type: string; size: number }) {
  return weCallTheApi('POST', '/api/media/uploads', { token, body: { file_name: file.name, file_type: file.type, file_size: file.size } });
}

/** The browser's multipart POST of the returned fields plus the file (the file goes last, as S3 requires). */
export async function weUploadTo(form: PresignUploadResponse, file: AFile, options: { origin?: string } = {}): Promise<Response> {
  const body = new FormData();
  for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
  body.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return fetch(form.url, { method: 'POST', body, headers: options.origin ? { origin: options.origin } : {} });
}

export async function weConfirmTheUpload(token: string, key: string) {
  return weCallTheApi('POST', '/api/media', { token, body: { key } });
}

/** Presign → POST → confirm: a stored, unattached media item of the token's user. */
export async function anUploadedImage(token: string, file: AFile = aPng()): Promise<MediaItem> {
  const form = await weAskToUpload(token, { name: file.name, type: file.type, size: file.bytes.length });
  if (form.status !== 200) throw new Error(`presign failed: ${JSON.stringify(form.body)}`);
  const upload = await weUploadTo(form.body as PresignUploadResponse, file);
  if (!upload.ok) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
  const confirmed = await weConfirmTheUpload(token, (form.body as PresignUploadResponse).key);
  if (confirmed.status !== 201) throw new Error(`confirm failed: ${JSON.stringify(confirmed.body)}`);
  return confirmed.body as MediaItem;
}

/** Stores an object straight into the media bucket: a client that ignored (or lied to) the upload form. */
export async function anObjectStoredDirectly(key: string, body: Buffer, contentType: string): Promise<void> {
  await s3Client().send(new PutObjectCommand({ Bucket: process.env.MEDIA_BUCKET, Key: key, Body: body, ContentType: contentType }));
}

export async function objectExists(key: string): Promise<boolean> {
  try {
    await s3Client().send(new HeadObjectCommand({ Bucket: process.env.MEDIA_BUCKET, Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw error;
  }
}

/** A key of the shape the API hands out, for objects the test stores itself. */
export const aMediaKey = (userId: string, ext = 'png') => `${userId}/${Date.now()}-${Math.random().toString(36).slice(2, 10).padEnd(8, '0')}.${ext}`;

/** A stand-in MP4: an `ftyp` box, then filler. The API sniffs only the first bytes; length and size come from `video`. */
export const aVideoFile = (name = 'clip.mp4'): AFile => ({
  name,
  type: 'video/mp4',
  bytes: Buffer.concat([Buffer.from('\0\0\0 ftypisom\0\0\x02\0isomiso2'), Buffer.alloc(1024)]),
});

/** A small PDF: its header, one page object and the end marker (the API checks only the `%PDF-` header). */
export const aPdfFile = (name = 'deck.pdf'): AFile => ({
  name,
  type: 'application/pdf',
  bytes: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Pages /Count 1 >> endobj\n2 0 obj << /Type /Page >> endobj\n%%EOF\n', 'latin1'),
});

/** Presign → POST → confirm a video with the measures the browser would send. */
export async function anUploadedVideo(token: string, file: AFile, video?: { duration_seconds: number; width: number; height: number }): Promise<MediaItem> {
  const form = await weAskToUpload(token, { name: file.name, type: file.type, size: file.bytes.length });
  if (form.status !== 200) throw new Error(`presign failed: ${JSON.stringify(form.body)}`);
  const upload = await weUploadTo(form.body as PresignUploadResponse, file);
  if (!upload.ok) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
  const confirmed = await weCallTheApi('POST', '/api/media', { token, body: { key: (form.body as PresignUploadResponse).key, ...(video ? { video } : {}) } });
  if (confirmed.status !== 201) throw new Error(`confirm failed: ${JSON.stringify(confirmed.body)}`);
  return confirmed.body as MediaItem;
}
