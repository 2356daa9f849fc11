import { ProfileResponseSchema, type ProfileResponse, type UpdateProfileInput } from '@shared/profile';
import { useToastedMutation } from '@/components/use-toasted-mutation';
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
  return useToastedMutation({
    mutationFn: updateProfile,
    success: 'Profile updated successfully!',
    failure: 'Error updating profile',
    invalidates: settingsKeys.me(),
    onSuccess: () => onSuccess?.(),
  });
}
