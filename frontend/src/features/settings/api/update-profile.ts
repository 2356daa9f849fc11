import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ProfileResponseSchema, type ProfileResponse, type UpdateProfileInput } from '@shared/profile';
import { toaster } from '@/components/ui/toaster';
import { api } from '@/lib/api-client';
import { settingsKeys } from '@/lib/api/me';

/** PATCH /profile: any of nickname, bio, website, picture link (null removes the picture). */
export function updateProfile(body: UpdateProfileInput): Promise<ProfileResponse> {
  return api('/profile', { method: 'PATCH', body, schema: ProfileResponseSchema });
}

/**
 * docs/product-rules.md#messages-and-errors: 'Profile updated successfully!' or 'Error updating profile' with the failure's message.
 * The me query is refetched: the dashboard greeting and the top-bar avatar read the profile from it.
 */
export function useUpdateProfile({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => {
      toaster.success({ title: 'Profile updated successfully!' });
      onSuccess?.();
    },
    onError: (error) => {
      toaster.error({ title: 'Error updating profile', description: error.message });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.me() }),
  });
}
