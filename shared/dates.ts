import * as z from 'zod';

/**
 * The one rule for dates the product reads from people and programs. A date is ISO 8601's calendar date
 * `YYYY-MM-DD` that exists: 2027-02-30, 2027-04-31 and month 13 are refused, 2028-02-29 is taken. A date
 * and time is ISO 8601 with a UTC offset (`Z` or `+02:00`) over the same dates. zod's ISO formats check
 * the day against its month and leap years, so both come from them rather than from a looser pattern
 * that `Date.parse` would then roll over into the next month.
 */
export const calendarDate = (message: string) => z.iso.date({ message });

export const INSTANT_MESSAGE = 'Choose a date and time that exists, with its offset (e.g. 2026-12-01T09:30:00Z)';

/** An instant given by a caller: date, time and offset; the date must exist (see above). */
export const instantInput = (message: string = INSTANT_MESSAGE) => z.iso.datetime({ offset: true, message });

const CalendarDate = z.iso.date();

/** Whether `text` is a `YYYY-MM-DD` date that exists: the same rule as `calendarDate`, for text read outside a schema (a CSV cell). */
export const isCalendarDate = (text: string) => CalendarDate.safeParse(text).success;
