import * as z from 'zod';
import { MSG } from './messages';
import { text } from './text';

/** Upload rules (spec §5, §9). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
export const MAX_UPLOAD_MB = 100;

export function isAcceptedMediaType(mime: string): boolean {
  return /^(image|video)\/[\w.+-]+$/i.test(mime);
}

export function isImageType(mime: string): boolean {
  return /^image\//i.test(mime);
}

/** "{file name} exceeds 100MB limit ({size in MB, 1 decimal}MB)" */
export function fileTooLargeMessage(fileName: string, sizeBytes: number): string {
  return `${fileName} exceeds ${MAX_UPLOAD_MB}MB limit (${(sizeBytes / (1024 * 1024)).toFixed(1)}MB)`;
}

/** Returns the spec's message when the file is too large, otherwise null. */
export function checkUploadSize(fileName: string, sizeBytes: number): string | null {
  return sizeBytes > MAX_UPLOAD_BYTES ? fileTooLargeMessage(fileName, sizeBytes) : null;
}

/** POST /api/media/uploads: ask for a presigned POST before uploading (issue 4). */
export const PresignUploadBodySchema = z.object({
  file_name: text().min(1).max(255),
  file_type: text().max(255).refine(isAcceptedMediaType, { message: 'Only images and videos can be uploaded' }),
  file_size: z.number().int().positive(),
}).superRefine((file, ctx) => {
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

/** POST /api/media: confirm an upload; the API checks the stored object and writes the media row. */
export const ConfirmUploadBodySchema = z.object({ key: text().min(1).max(1024) });

/** Presigned GETs for media live this long. */
export const MEDIA_URL_TTL_SECONDS = 3600;
