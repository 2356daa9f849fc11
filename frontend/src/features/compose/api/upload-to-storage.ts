import type { PresignUploadResponse } from '@shared/media';

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
