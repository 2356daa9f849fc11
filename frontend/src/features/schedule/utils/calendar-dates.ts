import { addDays, addMonths, differenceInCalendarDays, endOfMonth, endOfWeek, format, isSameMonth, isSameYear, startOfMonth, startOfWeek } from 'date-fns';
import type { Post } from '@shared/posts';
import { formatInZone, localInputToIso } from '@/lib/time';

/**
 * Calendar arithmetic on wall-clock days of the user's timezone. A day is a 'yyyy-MM-dd' string, so
 * nothing here depends on the browser's zone: days become instants only in `periodRange`, at
 * midnight in the user's zone (a period can be 23 or 25 hours longer or shorter across DST).
 */
export type CalendarDay = string;
export type CalendarView = 'day' | 'week' | 'month';

export const CALENDAR_VIEWS: readonly { id: CalendarView; label: string }[] = [
  { id: 'day', label: 'Day' },
  { id: 'week', label: 'Week' },
  { id: 'month', label: 'Month' },
];

/** docs/product-rules.md#constants: the calendar week starts on Monday. */
const WEEK_STARTS_ON = 1;
const DAY_PATTERN = 'yyyy-MM-dd';

/** A local Date at noon of `day`: noon never falls in a DST gap, so date-fns math stays on the day. */
export function dayToDate(day: CalendarDay): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12);
}

export function dateToDay(date: Date): CalendarDay {
  return format(date, DAY_PATTERN);
}

export function isCalendarDay(value: string): value is CalendarDay {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(dayToDate(value).getTime());
}

export function todayIn(zone: string, now: Date = new Date()): CalendarDay {
  return formatInZone(now, zone, DAY_PATTERN);
}

/** The day an instant falls on in `zone` (2026-11-22T23:30Z is Nov 23 in Asia/Tokyo). */
export function dayOfInstant(iso: string, zone: string): CalendarDay {
  return formatInZone(iso, zone, DAY_PATTERN);
}

export function shiftDay(day: CalendarDay, days: number): CalendarDay {
  return dateToDay(addDays(dayToDate(day), days));
}

export function formatDay(day: CalendarDay, pattern: string): string {
  return format(dayToDate(day), pattern);
}

/** The days shown for `view` around `anchor`: month views fill whole Monday-first weeks. */
export function visibleDays(view: CalendarView, anchor: CalendarDay): CalendarDay[] {
  const date = dayToDate(anchor);
  let first: Date;
  let last: Date;
  if (view === 'day') {
    first = last = date;
  } else if (view === 'week') {
    first = startOfWeek(date, { weekStartsOn: WEEK_STARTS_ON });
    last = endOfWeek(date, { weekStartsOn: WEEK_STARTS_ON });
  } else {
    first = startOfWeek(startOfMonth(date), { weekStartsOn: WEEK_STARTS_ON });
    last = endOfWeek(endOfMonth(date), { weekStartsOn: WEEK_STARTS_ON });
  }
  const count = differenceInCalendarDays(last, first) + 1;
  return Array.from({ length: count }, (_, i) => dateToDay(addDays(first, i)));
}

/** [from, to) of the visible days as UTC ISO instants: midnight in the user's zone, not the browser's. */
export function periodRange(days: readonly CalendarDay[], zone: string): { from: string; to: string } {
  const first = days[0];
  const afterLast = shiftDay(days[days.length - 1], 1);
  return { from: localInputToIso(`${first}T00:00`, zone), to: localInputToIso(`${afterLast}T00:00`, zone) };
}

/** Previous / next: one day, one week or one month (a month step keeps the day, clamped: Jan 31 → Feb 28). */
export function stepAnchor(view: CalendarView, anchor: CalendarDay, direction: 1 | -1): CalendarDay {
  if (view === 'day') return shiftDay(anchor, direction);
  if (view === 'week') return shiftDay(anchor, 7 * direction);
  return dateToDay(addMonths(dayToDate(anchor), direction));
}

/** "November 2026", "Nov 16 – 22, 2026" (or "Nov 30 – Dec 6, 2026"), "Sunday, November 22, 2026". */
export function periodTitle(view: CalendarView, anchor: CalendarDay): string {
  const date = dayToDate(anchor);
  if (view === 'month') return format(date, 'MMMM yyyy');
  if (view === 'day') return format(date, 'EEEE, MMMM d, yyyy');
  const start = startOfWeek(date, { weekStartsOn: WEEK_STARTS_ON });
  const end = endOfWeek(date, { weekStartsOn: WEEK_STARTS_ON });
  if (!isSameYear(start, end)) return `${format(start, 'MMM d, yyyy')} – ${format(end, 'MMM d, yyyy')}`;
  if (!isSameMonth(start, end)) return `${format(start, 'MMM d')} – ${format(end, 'MMM d, yyyy')}`;
  return `${format(start, 'MMM d')} – ${format(end, 'd, yyyy')}`;
}

export function isInMonth(day: CalendarDay, anchor: CalendarDay): boolean {
  return day.slice(0, 7) === anchor.slice(0, 7);
}

/** Posts grouped by the day they fall on in `zone`, each day in time order. Unscheduled posts are left out. */
export function postsByDay(posts: readonly Post[], zone: string): Map<CalendarDay, Post[]> {
  const byDay = new Map<CalendarDay, Post[]>();
  const sorted = posts
    .filter((p): p is Post & { scheduled_at: string } => p.scheduled_at !== null)
    .sort((a, b) => Date.parse(a.scheduled_at) - Date.parse(b.scheduled_at));
  for (const post of sorted) {
    const day = dayOfInstant(post.scheduled_at, zone);
    const list = byDay.get(day);
    if (list) list.push(post);
    else byDay.set(day, [post]);
  }
  return byDay;
}

/** The hour (0–23) a post falls in, in `zone`. */
export function hourOfInstant(iso: string, zone: string): number {
  return Number(formatInZone(iso, zone, 'H'));
}

/** Where a dragged post can land: a day (keeps its local time of day) or an hour slot of a day (keeps its minutes). */
export interface DropTarget {
  day: CalendarDay;
  hour?: number;
}

/** The new scheduled time of a post dropped on `target`, read in the user's zone. */
export function rescheduledIso(scheduledAt: string, target: DropTarget, zone: string): string {
  const time =
    target.hour === undefined ? formatInZone(scheduledAt, zone, 'HH:mm') : `${String(target.hour).padStart(2, '0')}:${formatInZone(scheduledAt, zone, 'mm')}`;
  return localInputToIso(`${target.day}T${time}`, zone);
}

export const HOURS: readonly number[] = Array.from({ length: 24 }, (_, h) => h);

/** "12 AM", "9 AM", "3 PM": the labels of hour rows. */
export function hourLabel(hour: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12} ${suffix}`;
}
