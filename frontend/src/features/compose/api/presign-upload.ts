import { PresignUploadResponseSchema, type PresignUploadBody, type PresignUploadResponse } from '@shared/media';
import { api } from '@/lib/api-client';

/** POST /api/media/uploads: where and how to upload one file (a presigned multipart POST). */
export function presignUpload(body: PresignUploadBody): Promise<PresignUploadResponse> {
  return api('/media/uploads', { method: 'POST', body, schema: PresignUploadResponseSchema });
}
