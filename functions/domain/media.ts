import { randomBytes } from 'node:crypto';
import { MEDIA_TYPE_MESSAGE, type PresignUploadBody, type PresignUploadResponse } from '@shared/media';
import { newObjectKey } from '../data/keys';
import { claimMediaForDelete, deleteObject, deleteMediaRow, getMediaRow, objectKeysOf, presignPost } from '../data/media';
import { defaultDeps, type Deps } from '../lib/clock';
import { ConflictError, NotFoundError } from '../lib/errors';

/** Presigned uploads straight to S3, a confirm that re-checks the object, delete. */

export const UPLOAD_NOT_FOUND_MESSAGE = 'Upload not found; please try again';
export { MEDIA_TYPE_MESSAGE };
export const MEDIA_NOT_FOUND_MESSAGE = 'File not found';
export const MEDIA_ON_POST_MESSAGE = 'This file belongs to a post; delete it from the post';
/** Long enough for a 100 MB upload on a slow line, short enough that a leaked form is soon useless. */
export const UPLOAD_FORM_TTL_SECONDS = 15 * 60;

const MIME_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
  'video/quicktime': 'mov',
  'video/x-matroska': 'mkv',
  'video/x-msvideo': 'avi',
};

/** The file name's extension, lower-cased and reduced to [a-z0-9]; else one derived from the mime type. */
export function extensionFor(fileName: string, mime: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  const fromName =
    dot > 0
      ? base
          .slice(dot + 1)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')
      : '';
  if (fromName.length >= 1 && fromName.length <= 10) return fromName;
  const lower = mime.toLowerCase();
  const known = MIME_EXTENSIONS[lower];
  if (known) return known;
  const fromMime = (lower.split('/')[1] ?? '')
    .replace(/^x-/, '')
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 10);
  return fromMime || 'bin';
}

/** The random part of a new object key (8 of [0-9a-v]), so files made in the same millisecond never collide. */
export const randomPart = () => Array.from(randomBytes(8), (byte) => '0123456789abcdefghijklmnopqrstuv'[byte & 31]).join('');

/** Where the browser sends the file: a POST form bound to one key, one Content-Type and ≤ 100 MB. */
export async function presignUpload(userId: string, file: PresignUploadBody, deps: Deps = defaultDeps): Promise<PresignUploadResponse> {
  const key = newObjectKey(userId, extensionFor(file.file_name, file.file_type), deps.now(), randomPart());
  return presignPost({ key, contentType: file.file_type, fileName: file.file_name, expiresInSeconds: UPLOAD_FORM_TTL_SECONDS });
}

// Confirm (reading images with sharp) lives in media-confirm.ts, so that only its function carries sharp.

/** Deletes an unattached file of the user: the stored object first, then the row (docs/product-rules.md#writes-and-storage). */
export async function deleteMedia(userId: string, id: string): Promise<void> {
  const claimed = await claimMediaForDelete(userId, id);
  if (!claimed) {
    const row = await getMediaRow(userId, id);
    if (row?.post_id) throw new ConflictError(MEDIA_ON_POST_MESSAGE);
    throw new NotFoundError(MEDIA_NOT_FOUND_MESSAGE);
  }
  for (const key of objectKeysOf(claimed)) await deleteObject(key);
  await deleteMediaRow(userId, id);
}
