import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { SettingsSchema, type Settings, type UpdateSettings } from '@shared/settings';
import { api } from '@/lib/api-client';
import { settingsKeys } from '@/lib/api/me';

const UpdateSettingsResponseSchema = z.object({ settings: SettingsSchema });

/** PATCH /settings: any of timezone, mode, push_opt_in (docs/product-rules.md#writes-and-storage: user_settings upsert). */
export async function updateSettings(body: UpdateSettings): Promise<Settings> {
  return (await api('/settings', { method: 'PATCH', body, schema: UpdateSettingsResponseSchema })).settings;
}

/** Callers choose the toasts: Preferences and the push toggle word their outcomes differently. */
export function useUpdateSettings(
  options: { onSuccess?: (settings: Settings, body: UpdateSettings) => void; onError?: (error: Error, body: UpdateSettings) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: options.onSuccess,
    onError: options.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.me() }),
  });
}
