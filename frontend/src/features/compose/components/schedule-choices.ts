import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

/**
 * The schedule card's quick choices, as the `yyyy-MM-ddTHH:mm` wall-clock value the
 * compose draft keeps, read in the user's zone (settings), never the browser's. Calendar days are
 * counted on the zone's date, then the wall-clock time is placed on it, so "tomorrow 09:00" is
 * 09:00 even when a DST change falls in between (a fixed 24 h would land on 08:00 or 10:00).
 */
export interface ScheduleChoice {
  label: string;
  value: string;
}

const LOCAL_MINUTE = "yyyy-MM-dd'T'HH:mm";
const MORNING = '09:00';

/** The zone's calendar date of `now`, `days` later (yyyy-MM-dd). */
function zoneDatePlus(now: Date, zone: string, days: number): string {
  const [y, m, d] = formatInTimeZone(now, zone, 'yyyy-MM-dd').split('-').map(Number) as [number, number, number];
  // Plain calendar arithmetic on a UTC date: no zone, so no DST, can shift it.
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** One hour from now, on the next whole minute (the field has no seconds). */
export function inOneHour(now: Date, zone: string): string {
  const minute = 60_000;
  return formatInTimeZone(new Date(Math.ceil((now.getTime() + 60 * minute) / minute) * minute), zone, LOCAL_MINUTE);
}

export function tomorrowMorning(now: Date, zone: string): string {
  return `${zoneDatePlus(now, zone, 1)}T${MORNING}`;
}

/** The coming Monday at 09:00; on a Monday, the one a week later. */
export function nextMondayMorning(now: Date, zone: string): string {
  const isoWeekday = Number(formatInTimeZone(now, zone, 'i')); // 1 = Monday … 7 = Sunday
  return `${zoneDatePlus(now, zone, 8 - isoWeekday)}T${MORNING}`;
}

export function scheduleChoices(now: Date, zone: string): ScheduleChoice[] {
  return [
    { label: 'In 1 hour', value: inOneHour(now, zone) },
    { label: 'Tomorrow morning', value: tomorrowMorning(now, zone) },
    { label: 'Next Monday 09:00', value: nextMondayMorning(now, zone) },
  ];
}

/** Today's date in the zone: the first day the picker offers. */
export function todayIn(now: Date, zone: string): string {
  return zoneDatePlus(now, zone, 0);
}

/** The wall-clock value as the instant it names in `zone`; null while it is not a whole date and time. */
export function instantOf(value: string, zone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const instant = fromZonedTime(value, zone);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * The user's best posting times (Analytics, Pro: weekday 0 = Monday, hour in their zone, best first) as
 * quick choices: each at its next occurrence after `now`, on the zone's calendar, so a DST change in
 * between keeps the wall-clock hour. At most `count`, in the order given.
 */
export function bestTimeChoices(now: Date, zone: string, best: readonly { weekday: number; hour: number }[], count = 3): ScheduleChoice[] {
  const todayWeekday = Number(formatInTimeZone(now, zone, 'i')) - 1; // 0 = Monday … 6 = Sunday
  return best.slice(0, count).map(({ weekday, hour }) => {
    const time = `${String(hour).padStart(2, '0')}:00`;
    const days = (weekday - todayWeekday + 7) % 7;
    let value = `${zoneDatePlus(now, zone, days)}T${time}`;
    if (fromZonedTime(value, zone).getTime() <= now.getTime()) value = `${zoneDatePlus(now, zone, days + 7)}T${time}`;
    return { label: `${WEEKDAY_NAMES[weekday]} ${time}`, value };
  });
}
