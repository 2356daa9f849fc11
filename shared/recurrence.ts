import * as z from 'zod';
import { dayNamesByCode } from './weekdays';
import { calendarDate } from './dates';

/**
 * Recurring and evergreen posts (docs/recurring-posts.md). A post with `repeat` is
 * the first occurrence of a series: an RFC 5545 rule (daily, weekly on chosen days, monthly; every
 * N of them; ending never, on a date, or after N times) read in the user's timezone from the first
 * occurrence's wall-clock time, so 09:00 stays 09:00 across DST. Each occurrence is a real
 * scheduled post. The rule's parts and their messages live here; the server builds the RRULE.
 */
export const REPEAT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];
/** RFC 5545 BYDAY codes, Monday first. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES = dayNamesByCode(WEEKDAYS);

/** A series ends within this many occurrences, or within MAX_REPEAT_YEARS: at most one a day, so at most 365 a year. */
export const MAX_REPEAT_COUNT = 365;
export const MAX_REPEAT_INTERVAL = 365;
export const MAX_REPEAT_YEARS = 2;

export const REPEAT_MESSAGES = {
  needsTime: 'A repeating post needs a date and time for its first occurrence.',
  mediaCopy: "We couldn't copy this series' media for its next post; we'll try again within the hour.",
  weekdaysOnlyWeekly: 'Days of the week can be chosen only for a weekly repeat.',
  weekdaysRepeated: 'Each day of the week can be chosen only once.',
  interval: `Repeat every 1 to ${MAX_REPEAT_INTERVAL}.`,
  count: `A series can end after 1 to ${MAX_REPEAT_COUNT} times.`,
  untilAfterStart: 'The end date must be after the first occurrence.',
  untilTooFar: `A series can run for at most ${MAX_REPEAT_YEARS} years; choose an earlier end date.`,
  untilFormat: 'Choose an end date that exists on the calendar (YYYY-MM-DD).',
  noOccurrence: 'This repeat has no occurrence after the first one before it ends. Choose another end or other days.',
  detachedDelete: 'This occurrence was edited on its own and is no longer part of the series; delete it from the post itself.',
  notInSeries: 'This post is not an occurrence of that series.',
  ended: 'This series has ended; nothing follows this occurrence.',
} as const;

export const RepeatEndSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('never') }),
    z.object({ type: z.literal('on'), date: calendarDate(REPEAT_MESSAGES.untilFormat) }),
    z.object({
      type: z.literal('after'),
      count: z
        .number({ message: REPEAT_MESSAGES.count })
        .int({ message: REPEAT_MESSAGES.count })
        .min(1, { message: REPEAT_MESSAGES.count })
        .max(MAX_REPEAT_COUNT, {
          message: REPEAT_MESSAGES.count,
        }),
    }),
  ],
  { message: 'Choose how the series ends: never, on a date, or after a number of times.' },
);
export type RepeatEnd = z.infer<typeof RepeatEndSchema>;

export const RepeatSchema = z
  .object({
    frequency: z.enum(REPEAT_FREQUENCIES, { message: 'Repeat daily, weekly or monthly.' }),
    interval: z
      .number({ message: REPEAT_MESSAGES.interval })
      .int({ message: REPEAT_MESSAGES.interval })
      .min(1, { message: REPEAT_MESSAGES.interval })
      .max(MAX_REPEAT_INTERVAL, { message: REPEAT_MESSAGES.interval })
      .default(1),
    /** Weekly only; none means the first occurrence's weekday. */
    weekdays: z.array(z.enum(WEEKDAYS)).max(7).default([]),
    end: RepeatEndSchema.default({ type: 'never' }),
  })
  .strict()
  .superRefine((repeat, ctx) => {
    if (repeat.weekdays.length > 0 && repeat.frequency !== 'weekly')
      ctx.addIssue({ code: 'custom', message: REPEAT_MESSAGES.weekdaysOnlyWeekly, path: ['weekdays'] });
    if (new Set(repeat.weekdays).size !== repeat.weekdays.length)
      ctx.addIssue({ code: 'custom', message: REPEAT_MESSAGES.weekdaysRepeated, path: ['weekdays'] });
  });
export type Repeat = z.output<typeof RepeatSchema>;
export type RepeatInput = z.input<typeof RepeatSchema>;

/** The create body's extra field (POST /api/posts). */
export const RepeatFieldSchema = z.object({ repeat: RepeatSchema.optional() });

export const SERIES_STATUSES = ['active', 'paused', 'ended'] as const;
export type SeriesStatus = (typeof SERIES_STATUSES)[number];

/** A post's link to its series, on the post (and its card). `detached`: edited on its own ("this one"). */
export const PostSeriesLinkSchema = z.object({ id: z.string(), index: z.number().int().nonnegative(), detached: z.boolean() });
export type PostSeriesLink = z.infer<typeof PostSeriesLinkSchema>;

/** GET /api/series/{id}. */
export const SeriesViewSchema = z.object({
  id: z.string(),
  repeat: RepeatSchema,
  timezone: z.string(),
  /** The series' first occurrence (after an "all following" edit: the edited one), in UTC. */
  starts_at: z.iso.datetime(),
  summary: z.string(),
  status: z.enum(SERIES_STATUSES),
  /** Why the series is paused (plan allowance used up, an account disconnected), or null. */
  notice: z.string().nullable(),
  /** Occurrences that could not be scheduled before their time passed (never dropped silently). */
  missed: z.array(z.object({ at: z.iso.datetime(), reason: z.string() })),
  /** When the next occurrence not yet scheduled is due, or null when the series has ended. */
  next_at: z.iso.datetime().nullable(),
  upcoming: z.array(z.object({ post_id: z.string(), index: z.number().int(), scheduled_at: z.iso.datetime() })),
  updated_at: z.iso.datetime(),
});
export type SeriesView = z.infer<typeof SeriesViewSchema>;

export const SCOPES = ['this', 'following'] as const;
export type Scope = (typeof SCOPES)[number];
const ScopeSchema = z.enum(SCOPES, { message: 'Choose "this one" or "all following".' });
export const SeriesParamsSchema = z.object({ id: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { message: 'Unknown id' }) });

/**
 * PATCH /api/series/{id}: edit one occurrence (`this`: that post only; it leaves the rule, keeping
 * its link for display) or it and every later one (`following`: the content, the time and, if sent,
 * the rule change from that occurrence on; published ones are never touched). `post` is the edit
 * as PATCH /api/posts/{id} takes it (the full Compose edit).
 */
export const SeriesEditBodySchema = z.object({
  scope: ScopeSchema,
  post_id: SeriesParamsSchema.shape.id,
  post: z.unknown(),
  repeat: RepeatSchema.optional(),
});
export type SeriesEditBody = z.input<typeof SeriesEditBodySchema>;

/** DELETE /api/series/{id}?scope=&post_id=: that occurrence, or it and every later one (the series ends there). */
export const SeriesDeleteQuerySchema = z.object({ scope: ScopeSchema, post_id: SeriesParamsSchema.shape.id });

// ---------------------------------------------------------------------------------------------
// The readable summary ("Every Monday and Thursday at 09:00, 10 times"), the same in Compose and on the series.

const listOf = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;
const UNIT: Record<RepeatFrequency, [string, string]> = { daily: ['day', 'days'], weekly: ['week', 'weeks'], monthly: ['month', 'months'] };

/**
 * `start` is the first occurrence's wall-clock date and time in the user's timezone:
 * { date: 'yyyy-mm-dd', time: 'HH:mm', weekday }.
 */
export function describeRepeat(repeat: RepeatInput, start: { date: string; time: string; weekday: Weekday }): string {
  const interval = repeat.interval ?? 1;
  const [one, many] = UNIT[repeat.frequency];
  const every = interval === 1 ? `Every ${one}` : `Every ${interval} ${many}`;
  let head = every;
  if (repeat.frequency === 'weekly') {
    const days = (repeat.weekdays?.length ? [...repeat.weekdays] : [start.weekday]).sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b));
    head = `${interval === 1 ? 'Every' : `Every ${interval} weeks on`} ${listOf(days.map((d) => WEEKDAY_NAMES[d]))}`;
  } else if (repeat.frequency === 'monthly') {
    head = `${every} on the ${ordinal(Number(start.date.slice(8, 10)))}`;
  }
  const end = repeat.end ?? { type: 'never' };
  const tail = end.type === 'after' ? `, ${end.count} times` : end.type === 'on' ? `, until ${end.date}` : '';
  return `${head} at ${start.time}${tail}`;
}
