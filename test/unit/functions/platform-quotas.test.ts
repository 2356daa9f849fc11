import { describe, expect, it } from 'vitest';
import { DAILY_QUOTAS, dayIn, nextMidnightIn } from '../../../functions/domain/platform-quotas';

const PT = 'America/Los_Angeles';

describe("YouTube's daily upload quota day", () => {
  it('is 100 videos.insert calls a day, on the Pacific calendar', () => {
    expect(DAILY_QUOTAS['youtube.videos.insert']).toEqual({ limit: 100, timeZone: PT });
  });

  it.each([
    // An evening in California is already tomorrow in UTC, but the quota day has not turned.
    ['2026-11-25T06:30:00Z', '2026-11-24', '2026-11-25T08:00:00.000Z'],
    ['2026-11-25T08:00:00Z', '2026-11-25', '2026-11-26T08:00:00.000Z'],
    // Summer time: midnight Pacific is 07:00 UTC.
    ['2026-07-04T12:00:00Z', '2026-07-04', '2026-07-05T07:00:00.000Z'],
    // The day summer time ends (1 Nov 2026) is 25 hours long; the day it starts (8 Mar 2026) 23.
    ['2026-10-31T20:00:00Z', '2026-10-31', '2026-11-01T07:00:00.000Z'],
    ['2026-11-01T10:00:00Z', '2026-11-01', '2026-11-02T08:00:00.000Z'],
    ['2026-03-08T12:00:00Z', '2026-03-08', '2026-03-09T07:00:00.000Z'],
  ])('at %s the Pacific day is %s and it resets at %s', (at, day, reset) => {
    expect(dayIn(PT, new Date(at))).toBe(day);
    expect(nextMidnightIn(PT, new Date(at)).toISOString()).toBe(reset);
  });
});
