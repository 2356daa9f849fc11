import { useMe } from '@/lib/api/me';
import { userTimezone } from '@/lib/time';

/** The zone every post time is shown in, and whether it is known yet (settings still loading). */
export function useUserTimezone(): { zone: string; ready: boolean } {
  const me = useMe();
  return { zone: userTimezone(me.data?.settings.timezone), ready: !me.isPending };
}
