/**
 * The media types and upload limits, without zod: shared/media.ts (the upload schemas) re-exports
 * them, and the Dashboard's and Posts' thumbnails import them from here so that they paint without
 * loading the schemas.
 */

/** Upload rules (docs/product-rules.md#media-rules, #constants). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
export const MAX_UPLOAD_MB = 100;
/** Files one post holds: twice Instagram's 10-item carousel, room for a Facebook post of many photos. */
export const MAX_MEDIA_PER_POST = 20;
export const TOO_MANY_FILES_MESSAGE = `A post takes at most ${MAX_MEDIA_PER_POST} files.`;

/**
 * The raster images and videos the platforms publish (docs/platform-apis.md): Instagram JPEG
 * (others converted), MP4/MOV; Facebook JPEG/PNG/GIF, MP4/MOV; X JPEG/PNG/WebP/GIF, MP4/MOV; TikTok
 * JPEG/WebP, MP4/MOV/WebM; YouTube MP4/MOV/WebM. Nothing else is taken: SVG can carry script, and
 * HEIC/AVIF/BMP/TIFF are not published by most of them nor shown by most browsers.
 */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const ACCEPTED_VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
/**
 * Documents: PDF only. LinkedIn alone publishes documents (its Documents API also takes PPT(X) and
 * DOC(X), but those are zip or OLE containers we could not tell from any other by their first bytes,
 * and a PDF is what people post as a carousel). At most 100 MB, which is already the upload limit.
 */
export const ACCEPTED_DOCUMENT_TYPES = ['application/pdf'] as const;
export const MEDIA_TYPE_MESSAGE = 'Only JPEG, PNG, WebP or GIF images, MP4, MOV or WebM videos and PDF documents can be uploaded';
/** For the file pickers' `accept` attribute. */
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');
export const VIDEO_ACCEPT = ACCEPTED_VIDEO_TYPES.join(',');
export const DOCUMENT_ACCEPT = ACCEPTED_DOCUMENT_TYPES.join(',');

/** A media type as stored and compared: MIME types are case-insensitive (RFC 2045), so `IMAGE/JPEG` is `image/jpeg`. */
export const normalizeMediaType = (mime: string) => mime.trim().toLowerCase();
const normalize = normalizeMediaType;

export function isImageType(mime: string): boolean {
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(normalize(mime));
}

export function isDocumentType(mime: string): boolean {
  return (ACCEPTED_DOCUMENT_TYPES as readonly string[]).includes(normalize(mime));
}

export function isAcceptedMediaType(mime: string): boolean {
  return isImageType(mime) || isDocumentType(mime) || (ACCEPTED_VIDEO_TYPES as readonly string[]).includes(normalize(mime));
}
