import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PresignUploadResponseSchema, type PresignUploadResponse } from '@shared/media';
import { AvatarPresignSchema, ProfileResponseSchema, type ProfileResponse } from '@shared/profile';
import { toaster } from '@/components/ui/toaster';
import { api } from '@/lib/api-client';
import { settingsKeys } from './query-keys';

/** The storage service refused the upload (a presigned POST answers XML, not our error shape). */
export class AvatarStorageError extends Error {
  override name = 'AvatarStorageError';
  constructor(readonly status: number) {
    super(status ? `Storage refused the upload (status ${status})` : 'The upload was interrupted');
  }
}

/** POST /profile/avatar/uploads: a presigned POST for one image of at most 100 MB. */
export function presignAvatar(file: File): Promise<PresignUploadResponse> {
  return api('/profile/avatar/uploads', {
    method: 'POST',
    body: { file_name: file.name, file_type: file.type, file_size: file.size },
    schema: PresignUploadResponseSchema,
  });
}

/**
 * The multipart POST: every policy field, then the file LAST (S3 ignores fields after `file`).
 * XMLHttpRequest like the compose uploads (kept separate: features do not import each other).
 */
export function postToStorage(target: Pick<PresignUploadResponse, 'url' | 'fields'>, file: File): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target.url);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new AvatarStorageError(xhr.status)));
    xhr.onerror = () => reject(new AvatarStorageError(0));
    xhr.onabort = () => reject(new AvatarStorageError(0));
    xhr.send(form);
  });
}

/** POST /profile/avatar: the API checks the stored object (an image, ≤ 100 MB) and makes it the picture. */
export function confirmAvatar(key: string): Promise<ProfileResponse> {
  return api('/profile/avatar', { method: 'POST', body: { key }, schema: ProfileResponseSchema });
}

/** Presign → POST to storage → confirm. Refuses a non-image or too large file before any request. */
export async function uploadAvatar(file: File): Promise<ProfileResponse> {
  const checked = AvatarPresignSchema.safeParse({ file_name: file.name || 'picture', file_type: file.type, file_size: file.size });
  if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? 'Invalid file');
  const target = await presignAvatar(file);
  await postToStorage(target, file);
  return confirmAvatar(target.key);
}

/** Spec §8: 'Profile picture uploaded successfully!' or 'Error uploading profile picture' with the message. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => {
      toaster.success({ title: 'Profile picture uploaded successfully!' });
    },
    onError: (error) => {
      toaster.error({ title: 'Error uploading profile picture', description: error.message });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.me() }),
  });
}
