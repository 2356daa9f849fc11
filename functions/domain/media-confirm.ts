import {
  checkUploadSize,
  contentMatchesType,
  emptyFileMessage,
  isAcceptedMediaType,
  isDocumentType,
  isImageType,
  MEDIA_TYPE_MESSAGE,
  notAPdfMessage,
  normalizeMediaType,
  unreadableImageMessage,
  type VideoFacts,
} from '@shared/media';
import type { MediaItem } from '@shared/posts';
import { deleteObject, getMediaRow, headObject, mediaItemFor, putMediaRowOnce, putObject, readObject, readObjectHead, type MediaRow } from '../data/media';
import { instagramCopyKey, mediaIdForKey } from '../data/keys';
import { defaultDeps, type Deps } from '../lib/clock';
import { DependencyError, ValidationError } from '../lib/errors';
import { logger } from '../lib/logger';
import { instagramJpeg, needsInstagramCopy, readImage } from './images';
import { MP4_HEADER_BYTES, mp4VideoFacts } from './mp4-facts';
import { UPLOAD_NOT_FOUND_MESSAGE } from './media';

export const IMAGE_NOT_PREPARED_MESSAGE = "We couldn't prepare this image right now; please try again.";

/**
 * The browser says the upload finished. We look at what S3 really holds (the form's type and size
 * are what the client declared, and a client can lie): an empty object, a type we do not take, first bytes that are not that type
 * (an SVG or HTML page labelled image/png), too large, or an image sharp cannot read → the object
 * is deleted and refused, and no row is written. An image's real format and displayed size go on
 * the row (compose checks Instagram's aspect ratio with them); one Instagram cannot take as it is
 * gets a JPEG copy beside it (docs/instagram.md). Confirming the same key again returns the same row.
 *
 * A PDF (documents, LinkedIn only) is checked by its `%PDF-` header like any other type.
 *
 * A video's length and displayed size, which the compose rules of TikTok and YouTube Shorts need
 * (shared/media-rules.ts), are read from the stored MP4/MOV header when it is in the first bytes
 * (functions/domain/mp4-facts.ts). Otherwise (a WebM, a header at the end of the file) they are
 * what the browser measured when the file was picked (`video`, validated by VideoFactsSchema): the
 * client's word. A client that lies about them only gets its own post refused by the platform at
 * publish time, as it would have been without these checks. Both are ignored for an image.
 */
export async function confirmUpload(userId: string, key: string, deps: Deps = defaultDeps, video?: VideoFacts): Promise<MediaItem> {
  const id = mediaIdForKey(userId, key);
  if (!id) throw new ValidationError(UPLOAD_NOT_FOUND_MESSAGE);
  const existing = await getMediaRow(userId, id);
  if (existing) return mediaItemFor(existing);

  const stored = await headObject(key);
  if (!stored) throw new ValidationError(UPLOAD_NOT_FOUND_MESSAGE);
  const fileName = stored.fileName ?? key.slice(key.lastIndexOf('/') + 1);
  // S3's POST policy refuses an empty file (content-length-range starts at 1), but an object can
  // reach the bucket another way; it has no first bytes to read, so it is refused before any are.
  const refusal =
    stored.size === 0
      ? emptyFileMessage(fileName)
      : !isAcceptedMediaType(stored.contentType)
        ? MEDIA_TYPE_MESSAGE
        : (checkUploadSize(fileName, stored.size) ??
          (contentMatchesType(await readObjectHead(key), stored.contentType)
            ? null
            : isDocumentType(stored.contentType)
              ? notAPdfMessage(fileName)
              : MEDIA_TYPE_MESSAGE));
  if (refusal) {
    await deleteObject(key);
    throw new ValidationError(refusal);
  }

  const row: MediaRow = {
    id,
    post_id: null,
    file_path: key,
    file_type: normalizeMediaType(stored.contentType),
    file_size: stored.size,
    created_at: deps.now().toISOString(),
    file_name: fileName,
  };
  if (isImageType(stored.contentType)) Object.assign(row, await prepareImage(key, fileName, stored.size));
  // A PDF keeps no measures: LinkedIn counts its pages (at most 300) when it processes the document.
  else if (!isDocumentType(stored.contentType)) {
    const facts = (await readVideoHeader(key, stored.contentType)) ?? video;
    if (facts) Object.assign(row, { duration_seconds: facts.duration_seconds, width: facts.width, height: facts.height });
  }
  return mediaItemFor(await putMediaRowOnce(userId, row));
}

/** The stored video's own header, when it is an MP4/MOV that starts with it; null otherwise or when storage cannot be read. */
async function readVideoHeader(key: string, contentType: string): Promise<VideoFacts | null> {
  if (!['video/mp4', 'video/quicktime'].includes(contentType.toLowerCase())) return null;
  try {
    return mp4VideoFacts(await readObjectHead(key, MP4_HEADER_BYTES));
  } catch (error) {
    logger.warn('Could not read a video header; keeping the browser measure', { key, error });
    return null;
  }
}

/** Reads the image for its real format and size and, when Instagram needs one, writes its JPEG copy. */
async function prepareImage(key: string, fileName: string, size: number): Promise<Partial<MediaRow>> {
  let bytes: Buffer;
  try {
    bytes = await readObject(key);
  } catch (error) {
    // The upload stays; confirming again retries.
    throw new DependencyError(IMAGE_NOT_PREPARED_MESSAGE, { cause: error });
  }
  const facts = await readImage(bytes);
  if (!facts) {
    await deleteObject(key);
    throw new ValidationError(unreadableImageMessage(fileName));
  }
  const described = { width: facts.width, height: facts.height, format: facts.format };
  if (!needsInstagramCopy(facts, size)) return described;
  let copy: Buffer;
  try {
    copy = await instagramJpeg(bytes);
  } catch (error) {
    // Only an image far outside Instagram's aspect range gets here; compose refuses it for Instagram.
    logger.warn('No Instagram copy for an image', { key, error });
    return described;
  }
  const copyKey = instagramCopyKey(key);
  try {
    await putObject(copyKey, copy, 'image/jpeg');
  } catch (error) {
    throw new DependencyError(IMAGE_NOT_PREPARED_MESSAGE, { cause: error });
  }
  return { ...described, instagram_path: copyKey, instagram_size: copy.length };
}
