/** Timezone choices offered in Preferences (docs/product-rules.md#timezones). */
export const TIMEZONES = [
  'UTC',
  'Africa/Johannesburg',
  'Africa/Cairo',
  'Africa/Lagos',
  'Africa/Nairobi',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Toronto',
  'America/Vancouver',
  'America/Mexico_City',
  'America/Sao_Paulo',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Madrid',
  'Europe/Rome',
  'Europe/Amsterdam',
  'Asia/Dubai',
  'Asia/Tokyo',
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Singapore',
  'Asia/Seoul',
  // The spec lists "Asia/Mumbai", which is not an IANA zone: India's zone is Asia/Kolkata.
  'Asia/Kolkata',
  'Australia/Sydney',
  'Australia/Melbourne',
  'Pacific/Auckland',
] as const;

export const DEFAULT_TIMEZONE = 'Africa/Johannesburg';

const LABELS: Record<string, string> = { 'Asia/Kolkata': 'Asia/Mumbai' };

/** How a zone is shown in pickers: the spec's names (Asia/Mumbai for Asia/Kolkata). */
export function timezoneLabel(zone: string): string {
  return (LABELS[zone] ?? zone).replaceAll('_', ' ');
}

/**
 * The zone times are shown in: the stored one; with none stored yet, the browser's; else the
 * product default (docs/product-rules.md#timezones: user_settings.timezone).
 */
export function effectiveTimezone(stored: string | null | undefined, browserZone?: string): string {
  if (stored && isValidTimeZone(stored)) return stored;
  if (browserZone && isValidTimeZone(browserZone)) return browserZone;
  return DEFAULT_TIMEZONE;
}

/**
 * True for any IANA zone this runtime knows. The browser's own zone is saved on first load and may
 * be outside the list above (e.g. Europe/Vienna), so validation accepts every real zone.
 */
export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
