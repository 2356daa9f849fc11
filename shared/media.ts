import * as z from 'zod';
import { MSG } from './messages';
import { text } from './text';

/** The zod-free rules (types, limits), apart so that pages painting a thumbnail load no schema. */
export * from './media-types';
import { isAcceptedMediaType, MAX_UPLOAD_BYTES, MAX_UPLOAD_MB, MEDIA_TYPE_MESSAGE, normalizeMediaType } from './media-types';

/**
 * The type the first bytes of a file show (magic numbers), or null for anything else. A stored
 * object's Content-Type is only what the uploader claimed; these bytes are what it is.
 */
export function sniffMediaType(head: Uint8Array): string | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (head.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'image/gif';
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  // A PDF starts with its header line: `%PDF-` and the version.
  if (head.length >= 5 && ascii(0, 5) === '%PDF-') return 'application/pdf';
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'video/webm';
  if (head.length >= 12 && ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (brand === 'qt  ') return 'video/quicktime';
    // HEIC/AVIF photos share the ISO container; they are not videos.
    if (/^(hei[cmsx]|hev[cmsx]|mif1|msf1|avi[fs])$/.test(brand)) return null;
    return 'video/mp4';
  }
  // Older QuickTime files start with a top-level atom other than ftyp.
  if (head.length >= 8 && ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].includes(ascii(4, 8))) return 'video/quicktime';
  return null;
}

/** How many leading bytes sniffMediaType needs. */
export const SNIFF_BYTES = 16;

/** Whether the bytes agree with the claimed type (MP4 and MOV share a container and are told apart loosely). */
export function contentMatchesType(head: Uint8Array, claimed: string): boolean {
  const sniffed = sniffMediaType(head);
  if (!sniffed || !isAcceptedMediaType(claimed)) return false;
  const family = (t: string) => (t === 'video/mp4' || t === 'video/quicktime' ? 'iso-video' : t);
  return family(sniffed) === family(normalizeMediaType(claimed));
}

/** A file labelled and shaped as an image that no image decoder can read (truncated, corrupt). */
export function unreadableImageMessage(fileName: string): string {
  return `${fileName} could not be read as an image; please upload a JPEG, PNG, WebP or GIF file`;
}

/** A file labelled as a PDF whose first bytes are not a PDF header (a renamed file, an HTML page). */
export function notAPdfMessage(fileName: string): string {
  return `${fileName} is not a PDF document (it does not start with a PDF header); export it as a PDF and upload it again`;
}

/** "{file name} exceeds 100MB limit ({size in MB, 1 decimal}MB)" */
export function fileTooLargeMessage(fileName: string, sizeBytes: number): string {
  return `${fileName} exceeds ${MAX_UPLOAD_MB}MB limit (${(sizeBytes / (1024 * 1024)).toFixed(1)}MB)`;
}

/** An upload with no bytes: nothing to post. */
export const emptyFileMessage = (fileName: string) => `${fileName} is empty (0 bytes); choose the file again`;

/** Returns the spec's message when the file is too large, otherwise null. */
export function checkUploadSize(fileName: string, sizeBytes: number): string | null {
  return sizeBytes > MAX_UPLOAD_BYTES ? fileTooLargeMessage(fileName, sizeBytes) : null;
}

/** POST /api/media/uploads: ask for a presigned POST before uploading. */
export const PresignUploadBodySchema = z
  .object({
    file_name: text().min(1).max(255),
    // Lower-cased here, so the upload form pins, S3 keeps and the row stores one spelling whatever the client sent.
    file_type: text().max(255).refine(isAcceptedMediaType, { message: MEDIA_TYPE_MESSAGE }).transform(normalizeMediaType),
    file_size: z.number().int().positive(),
  })
  .superRefine((file, ctx) => {
    const tooLarge = checkUploadSize(file.file_name, file.file_size);
    if (tooLarge) ctx.addIssue({ code: 'custom', message: tooLarge, path: ['file_size'], params: { title: MSG.fileTooLargeTitle } });
  });
export type PresignUploadBody = z.infer<typeof PresignUploadBodySchema>;

/** Where and how the browser uploads: a multipart POST of `fields` plus the file to `url`. */
export const PresignUploadResponseSchema = z.object({
  key: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
});
export type PresignUploadResponse = z.infer<typeof PresignUploadResponseSchema>;

/** The longest video and the widest side the confirm call takes; anything beyond is not a real measure. */
export const MAX_VIDEO_SECONDS = 24 * 60 * 60;
export const MAX_VIDEO_SIDE = 16_384;

/**
 * A video's length and displayed size as the browser measured them when the file was picked (a
 * <video> element's duration, videoWidth, videoHeight). The platforms' compose rules need them
 * (shared/media-rules.ts). The browser can lie: these are the user's own claims about their file,
 * and the platform still checks the real video when it is published.
 */
export const VideoFactsSchema = z.object({
  duration_seconds: z.number().positive().max(MAX_VIDEO_SECONDS),
  width: z.number().int().positive().max(MAX_VIDEO_SIDE),
  height: z.number().int().positive().max(MAX_VIDEO_SIDE),
});
export type VideoFacts = z.infer<typeof VideoFactsSchema>;

/** POST /api/media: confirm an upload; the API checks the stored object and writes the media row. */
export const ConfirmUploadBodySchema = z.object({ key: text().min(1).max(1024), video: VideoFactsSchema.optional() }).strict();

/** Presigned GETs for media live this long. */
export const MEDIA_URL_TTL_SECONDS = 3600;
