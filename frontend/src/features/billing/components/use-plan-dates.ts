import { useMe } from '@/lib/api/me';
import { formatInZone, userTimezone } from '@/lib/time';

/** docs/product-rules.md#constants: 'MMM d, yyyy' (linked date), in the user's timezone like every other time shown. */
const DATE_FORMAT = 'MMM d, yyyy';

export function usePlanDateFormatter(): (iso: string) => string {
  const me = useMe();
  const zone = userTimezone(me.data?.settings.timezone);
  return (iso) => formatInZone(iso, zone, DATE_FORMAT);
}
