import { formatInTimeZone, fromZonedTime, toZonedTime } from 'date-fns-tz';
import { effectiveTimezone, timezoneLabel } from '@shared/timezones';

/**
 * Times are stored in UTC and always shown in the user's timezone. Every view formats
 * through these, with the zone from `useUserTimezone()` (settings, else the browser's zone).
 */
export const DISPLAY_FORMATS = {
  scheduled: 'MMM d, h:mm a',
  published: 'MMM d',
  linked: 'MMM d, yyyy',
  calendar: 'h:mm a',
} as const;

export function browserTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The zone to show times in: the saved one, else the browser's, else the spec's default. */
export function userTimezone(saved: string | null | undefined): string {
  return effectiveTimezone(saved, browserTimezone());
}

export function formatInZone(iso: string | Date, zone: string, pattern: string): string {
  return formatInTimeZone(typeof iso === 'string' ? new Date(iso) : iso, zone, pattern);
}

/** A `datetime-local` value ("2026-11-22T09:00") read in `zone` → ISO in UTC. */
export function localInputToIso(value: string, zone: string): string {
  return fromZonedTime(value, zone).toISOString();
}

/** An ISO time → the `datetime-local` value that shows it in `zone`. */
export function isoToLocalInput(iso: string, zone: string): string {
  return formatInTimeZone(new Date(iso), zone, "yyyy-MM-dd'T'HH:mm");
}

/** A wall-clock Date in `zone` (for calendar grids): its fields read as that zone's local time. */
export function toZoned(iso: string | Date, zone: string): Date {
  return toZonedTime(typeof iso === 'string' ? new Date(iso) : iso, zone);
}

/** The wall-clock Date in `zone` → the real instant. */
export function fromZoned(date: Date, zone: string): Date {
  return fromZonedTime(date, zone);
}

export function zoneLabel(zone: string): string {
  return timezoneLabel(zone);
}
