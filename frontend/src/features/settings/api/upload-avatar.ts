import { AvatarPresignSchema, ProfileResponseSchema, type ProfileResponse } from '@shared/profile';
import { useToastedMutation } from '@/components/use-toasted-mutation';
import { api } from '@/lib/api-client';
import { presignUpload, uploadToStorage } from '@/lib/upload';
import { settingsKeys } from '@/lib/api/me';

/** POST /profile/avatar: the API checks the stored object (an image, ≤ 100 MB) and makes it the picture. */
export function confirmAvatar(key: string): Promise<ProfileResponse> {
  return api('/profile/avatar', { method: 'POST', body: { key }, schema: ProfileResponseSchema });
}

/** Presign → POST to storage → confirm. Refuses a non-image or too large file before any request. */
export async function uploadAvatar(file: File): Promise<ProfileResponse> {
  const checked = AvatarPresignSchema.safeParse({ file_name: file.name || 'picture', file_type: file.type, file_size: file.size });
  if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? 'Invalid file');
  const target = await presignUpload('/profile/avatar/uploads', file);
  await uploadToStorage(target, file);
  return confirmAvatar(target.key);
}

/** docs/product-rules.md#messages-and-errors: 'Profile picture uploaded successfully!' or 'Error uploading profile picture' with the message. */
export function useUploadAvatar() {
  return useToastedMutation({
    mutationFn: uploadAvatar,
    success: 'Profile picture uploaded successfully!',
    failure: 'Error uploading profile picture',
    invalidates: settingsKeys.me(),
  });
}
