import { RepeatSchema, REPEAT_MESSAGES, describeRepeat, type RepeatInput } from '@shared/recurrence';
import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { assertRuleUsable, occurrencesOf, summaryOf, type SeriesRule } from '../../../functions/domain/recurrence';

/** Recurrence rules (RFC 5545 via rrule) read in the user's timezone. */
const ruleOf = (repeat: RepeatInput, starts_at: string, timezone = 'Europe/Berlin'): SeriesRule => ({
  repeat: RepeatSchema.parse(repeat),
  timezone,
  starts_at,
});
const wall = (dates: Date[], timezone: string, pattern = 'EEE yyyy-MM-dd HH:mm') => dates.map((d) => formatInTimeZone(d, timezone, pattern));

describe('occurrences in the user timezone', () => {
  it('keeps 09:00 at 09:00 across the spring DST change in Berlin (the UTC time moves an hour)', () => {
    // Prepare: daily from Fri 27 March 2026, 09:00 Berlin (08:00 UTC); clocks go forward on Sunday 29 March.
    const rule = ruleOf({ frequency: 'daily', end: { type: 'after', count: 4 } }, '2026-03-27T08:00:00.000Z');

    // Act
    const dates = occurrencesOf(rule, 10);

    // Assess
    expect(wall(dates, 'Europe/Berlin')).toEqual(['Fri 2026-03-27 09:00', 'Sat 2026-03-28 09:00', 'Sun 2026-03-29 09:00', 'Mon 2026-03-30 09:00']);
    expect(dates.map((d) => d.toISOString())).toEqual([
      '2026-03-27T08:00:00.000Z',
      '2026-03-28T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
    ]);
  });

  it('keeps 09:00 across the autumn change in New York, weekly on Monday and Thursday', () => {
    const rule = ruleOf({ frequency: 'weekly', weekdays: ['MO', 'TH'], end: { type: 'after', count: 4 } }, '2026-10-29T13:00:00.000Z', 'America/New_York');

    const dates = occurrencesOf(rule, 10);

    expect(wall(dates, 'America/New_York')).toEqual(['Thu 2026-10-29 09:00', 'Mon 2026-11-02 09:00', 'Thu 2026-11-05 09:00', 'Mon 2026-11-09 09:00']);
    expect(dates[0]!.toISOString()).toBe('2026-10-29T13:00:00.000Z');
    expect(dates[1]!.toISOString()).toBe('2026-11-02T14:00:00.000Z');
  });

  it('moves a time the spring change skips (02:30) forward by the gap, and keeps 02:30 on the other days', () => {
    const rule = ruleOf({ frequency: 'daily', end: { type: 'after', count: 3 } }, '2026-03-28T01:30:00.000Z');

    expect(wall(occurrencesOf(rule, 3), 'Europe/Berlin', 'MM-dd HH:mm')).toEqual(['03-28 02:30', '03-29 03:30', '03-30 02:30']);
  });

  it('counts the first post in "after N times" even when the chosen weekdays leave out its day', () => {
    // Wednesday start, weekly on Mondays: Wed, then Mondays.
    const rule = ruleOf({ frequency: 'weekly', weekdays: ['MO'], end: { type: 'after', count: 3 } }, '2026-06-03T07:00:00.000Z');

    expect(wall(occurrencesOf(rule, 10), 'Europe/Berlin', 'EEE MM-dd')).toEqual(['Wed 06-03', 'Mon 06-08', 'Mon 06-15']);
  });

  it('repeats monthly on the same day and ends on the chosen date (inclusive)', () => {
    const rule = ruleOf({ frequency: 'monthly', end: { type: 'on', date: '2026-09-15' } }, '2026-06-15T10:00:00.000Z', 'UTC');

    expect(wall(occurrencesOf(rule, 10), 'UTC', 'yyyy-MM-dd')).toEqual(['2026-06-15', '2026-07-15', '2026-08-15', '2026-09-15']);
  });

  it('evergreen: every 3 weeks, never ending, gives as many as asked', () => {
    const rule = ruleOf({ frequency: 'weekly', interval: 3 }, '2026-01-05T09:00:00.000Z', 'UTC');

    expect(wall(occurrencesOf(rule, 3), 'UTC', 'yyyy-MM-dd')).toEqual(['2026-01-05', '2026-01-26', '2026-02-16']);
  });
});

describe('rule checks', () => {
  it('refuses an end date on or before the first occurrence', () => {
    expect(() => assertRuleUsable(ruleOf({ frequency: 'daily', end: { type: 'on', date: '2026-06-15' } }, '2026-06-15T10:00:00.000Z'))).toThrow(
      REPEAT_MESSAGES.untilAfterStart,
    );
  });

  it('refuses an end date more than two years ahead', () => {
    expect(() => assertRuleUsable(ruleOf({ frequency: 'daily', end: { type: 'on', date: '2028-06-16' } }, '2026-06-15T10:00:00.000Z'))).toThrow(
      REPEAT_MESSAGES.untilTooFar,
    );
  });

  it('refuses a rule with nothing after the first occurrence', () => {
    expect(() => assertRuleUsable(ruleOf({ frequency: 'monthly', end: { type: 'on', date: '2026-07-10' } }, '2026-06-15T10:00:00.000Z', 'UTC'))).toThrow(
      REPEAT_MESSAGES.noOccurrence,
    );
  });

  it.each([
    [{ frequency: 'daily', end: { type: 'after', count: 366 } }, REPEAT_MESSAGES.count],
    [{ frequency: 'daily', interval: 0 }, REPEAT_MESSAGES.interval],
    [{ frequency: 'daily', weekdays: ['MO'] }, REPEAT_MESSAGES.weekdaysOnlyWeekly],
    [{ frequency: 'weekly', weekdays: ['MO', 'MO'] }, REPEAT_MESSAGES.weekdaysRepeated],
    [{ frequency: 'hourly' }, 'Repeat daily, weekly or monthly.'],
  ])('refuses %j with a clear message', (repeat, message) => {
    const result = RepeatSchema.safeParse(repeat);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(message);
  });
});

describe('summaries', () => {
  it('reads like the brief: "Every Monday and Thursday at 09:00, 10 times"', () => {
    const rule = ruleOf({ frequency: 'weekly', weekdays: ['TH', 'MO'], end: { type: 'after', count: 10 } }, '2026-06-01T07:00:00.000Z');
    expect(summaryOf(rule)).toBe('Every Monday and Thursday at 09:00, 10 times');
  });

  it('says the interval, the month day and the end date', () => {
    expect(describeRepeat({ frequency: 'daily', interval: 3 }, { date: '2026-06-01', time: '18:30', weekday: 'MO' })).toBe('Every 3 days at 18:30');
    expect(describeRepeat({ frequency: 'monthly', end: { type: 'on', date: '2026-12-31' } }, { date: '2026-06-02', time: '08:00', weekday: 'TU' })).toBe(
      'Every month on the 2nd at 08:00, until 2026-12-31',
    );
    expect(describeRepeat({ frequency: 'weekly', interval: 2 }, { date: '2026-06-03', time: '08:00', weekday: 'WE' })).toBe(
      'Every 2 weeks on Wednesday at 08:00',
    );
  });
});
