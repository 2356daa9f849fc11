import { PresignUploadResponseSchema, type PresignUploadResponse } from '@shared/media';
import { api } from '@/lib/api-client';

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
