import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { MeResponse } from '@shared/settings';
import { DEFAULT_TIMEZONE, isValidTimeZone } from '@shared/timezones';
import { api } from '@/lib/api-client';
import { settingsKeys } from '@/lib/api/me';

/** Loaded with the first save: the shell paints without zod (see SchemaSource). */
const initialTimezoneResponseSchema = () => import('./initial-timezone-response').then((m) => m.InitialTimezoneResponseSchema);

export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : DEFAULT_TIMEZONE;
}

export function saveInitialTimezone(timezone: string) {
  return api('/settings/initial-timezone', { method: 'PUT', body: { timezone }, schema: initialTimezoneResponseSchema });
}

export function useSaveInitialTimezone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInitialTimezone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.me() }),
  });
}

/**
 * docs/product-rules.md#writes-and-storage: on first load with no stored timezone, save the browser's. Once per user per
 * page load: a failure is not retried in a loop (the next visit tries again).
 */
export function useEnsureInitialTimezone(me: MeResponse | undefined): void {
  const { mutate } = useSaveInitialTimezone();
  const triedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!me || me.settings.timezone !== null || triedFor.current === me.userId) return;
    triedFor.current = me.userId;
    mutate(browserTimeZone());
  }, [me, mutate]);
}
