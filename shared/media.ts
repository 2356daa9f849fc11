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
