import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AvatarPresignSchema, ProfileResponseSchema, type ProfileResponse } from '@shared/profile';
import { toaster } from '@/components/ui/toaster';
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
