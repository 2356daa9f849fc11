import { isDocumentType, isImageType, PresignUploadResponseSchema, type PresignUploadResponse, type VideoFacts } from '@shared/media';
import { MediaItemSchema, type MediaItem } from '@shared/posts';
import { api } from '@/lib/api-client';
import { readVideoFacts } from '@/lib/video-facts';

/**
 * Presigned uploads, one module for every file the browser stores: Compose's media (POST
 * /api/media/uploads) and the profile picture (POST /api/profile/avatar/uploads). Each is presign →
 * multipart POST to storage → the caller's confirm call.
 */

/** Where and how to upload one file: a presigned multipart POST for its name, type and size. */
export function presignUpload(path: '/media/uploads' | '/profile/avatar/uploads', file: File): Promise<PresignUploadResponse> {
  return api(path, {
    method: 'POST',
    body: { file_name: file.name, file_type: file.type, file_size: file.size },
    schema: PresignUploadResponseSchema,
  });
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** The storage service refused the upload (a presigned POST answers XML, not our error shape). */
export class StorageUploadError extends Error {
  override name = 'StorageUploadError';
  constructor(readonly status: number) {
    super(status ? `Storage refused the upload (status ${status})` : 'The upload was interrupted');
  }
}

/**
 * The multipart POST of a presigned upload: every policy field, then the file LAST (S3 ignores
 * fields after `file`). XMLHttpRequest rather than fetch because only it reports upload progress,
 * which matters for videos of up to 100 MB.
 */
export function uploadToStorage(
  target: Pick<PresignUploadResponse, 'url' | 'fields'>,
  file: File,
  onProgress?: (progress: UploadProgress) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    form.append('file', file);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', target.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new StorageUploadError(xhr.status)));
    xhr.onerror = () => reject(new StorageUploadError(0));
    xhr.onabort = () => reject(new StorageUploadError(0));
    xhr.send(form);
  });
}

/**
 * POST /api/media: the API checks the stored object and answers with the media item. A video goes
 * with the length and size the browser measured (the platforms' compose rules need them).
 */
export function confirmMediaUpload(key: string, video: VideoFacts | null): Promise<MediaItem> {
  return api('/media', { method: 'POST', body: video ? { key, video } : { key }, schema: MediaItemSchema });
}

/**
 * One file into the user's media, as Compose and the Import page upload it: presign, the bytes to storage
 * with progress (0–99 while they travel), a video measured meanwhile, then the confirm call with the measures.
 * `onUploaded` hears the measures once the bytes are stored, before the confirm answers.
 */
export async function uploadMediaFile(
  file: File,
  on: { progress: (percent: number) => void; uploaded: (video: VideoFacts | null) => void },
): Promise<{ stored: MediaItem; video: VideoFacts | null }> {
  // Only a video is measured here: the API reads an image's size itself, and a PDF has none.
  const measuring = isImageType(file.type) || isDocumentType(file.type) ? Promise.resolve(null) : readVideoFacts(file);
  const target = await presignUpload('/media/uploads', file);
  await uploadToStorage(target, file, ({ loaded, total }) => on.progress(Math.min(99, Math.round((loaded / total) * 100))));
  const video = await measuring;
  on.uploaded(video);
  return { stored: await confirmMediaUpload(target.key, video), video };
}
