import { PLATFORM_LIMITS, limitWarningMessage } from '@shared/platform-limits';
import { describe, expect, it } from 'vitest';
import { checkLimit, checkPacificDay, pacificDayEnd, pacificDayStart } from '../../../functions/domain/platform-limits';

/** Platform limits known at scheduling time. Pure math with fixed times, no clock. */
const t = (iso: string) => Date.parse(iso);
const MIN = 60_000;
const HOUR = 60 * MIN;
const instagram = PLATFORM_LIMITS.instagram!;
const x = PLATFORM_LIMITS.x!;
const youtube = PLATFORM_LIMITS.youtube!;

/** `n` publishes every `stepMs`, starting at `from`. */
/** The warning for @acme's 51st Instagram post within 24 hours (the cap is 50). */
const fiftyFirstOnInstagram = (overAt: string, nextFreeAt: string) => ({
  platform: 'instagram' as const,
  social_account_id: 'a',
  account_name: '@acme',
  cap: 50,
  window: 'rolling-24h' as const,
  would_be: 51,
  over_at: overAt,
  next_free_at: nextFreeAt,
});
const series = (from: number, n: number, stepMs: number) => Array.from({ length: n }, (_, i) => from + i * stepMs);

describe('rolling 24-hour window (Instagram: 50 per account)', () => {
  it('lets the 50th publish in 24 hours through', () => {
    // Prepare: 49 posts in the 24 hours before Tue 09:00 UTC
    const others = series(t('2026-12-01T09:00:00Z') - 23 * HOUR, 49, 20 * MIN);
    // Act / Assess
    expect(checkLimit(instagram, others, t('2026-12-01T09:00:00Z'))).toEqual({ ok: true });
  });

  it('warns about the 51st and names the time the oldest one leaves the window', () => {
    // Prepare: 50 posts from Mon 10:15, every 10 minutes
    const first = t('2026-11-30T10:15:00Z');
    const others = series(first, 50, 10 * MIN);
    // Act
    const verdict = checkLimit(instagram, others, t('2026-12-01T09:00:00Z'));
    // Assess: the 51st in the 24 hours before Tue 09:00; free again once Mon 10:15 is 24 h old
    expect(verdict).toEqual({ ok: false, cap: 50, wouldBe: 51, overAt: t('2026-12-01T09:00:00Z'), nextFreeAt: t('2026-12-01T10:15:00Z') });
  });

  it('a publish exactly 24 hours earlier no longer counts', () => {
    const at = t('2026-12-01T09:00:00Z');
    const others = [at - 24 * HOUR, ...series(at - 23 * HOUR, 49, MIN)];
    expect(checkLimit(instagram, others, at)).toEqual({ ok: true });
  });

  it('warns when an earlier slot would push a later, already full window over the cap', () => {
    // Prepare: 50 posts on Tue 08:00–08:49; the candidate Mon 09:00 sits inside their 24-hour window
    const others = series(t('2026-12-01T08:00:00Z'), 50, MIN);
    // Act
    const verdict = checkLimit(instagram, others, t('2026-11-30T09:00:00Z'));
    // Assess: the window ending at Tue 08:49 would hold 51; any later slot shares a window with all
    // 50 until the first of them is 24 hours old
    expect(verdict).toMatchObject({ ok: false, wouldBe: 51, overAt: t('2026-12-01T08:49:00Z') });
    expect(verdict.ok === false && verdict.nextFreeAt).toBe(t('2026-12-02T08:00:00Z'));
  });

  it('skips a free-looking moment when the next window is still full', () => {
    // 50 at Mon 10:00, then 50 at Tue 10:00 (each batch in one minute): Tue 10:00 is full until Wed 10:00
    const others = [...series(t('2026-11-30T10:00:00Z'), 50, 0), ...series(t('2026-12-01T10:00:00Z'), 50, 0)];
    const verdict = checkLimit(instagram, others, t('2026-12-01T09:00:00Z'));
    expect(verdict).toMatchObject({ ok: false, wouldBe: 51 });
    // Tue 10:00 frees Monday's batch but joins Tuesday's: nothing is free until Tuesday's is 24 h old
    expect(verdict.ok === false && new Date(verdict.nextFreeAt!).toISOString()).toBe('2026-12-02T10:00:00.000Z');
  });
});

describe('rolling 3-hour window (X: 300 per account)', () => {
  it('counts only the 3 hours before the slot', () => {
    const at = t('2026-12-01T12:00:00Z');
    const others = [...series(at - 5 * HOUR, 300, 0), ...series(at - 2 * HOUR, 299, 0)];
    expect(checkLimit(x, others, at)).toEqual({ ok: true });
  });

  it('warns about the 301st and frees up three hours after the burst', () => {
    const at = t('2026-12-01T12:00:00Z');
    const burst = t('2026-12-01T10:30:00Z');
    const verdict = checkLimit(x, series(burst, 300, 0), at);
    expect(verdict).toEqual({ ok: false, cap: 300, wouldBe: 301, overAt: at, nextFreeAt: burst + 3 * HOUR });
  });
});

describe('Pacific days (YouTube: 100 uploads a day per project)', () => {
  it('midnight Pacific is 08:00 UTC in winter and 07:00 UTC in summer', () => {
    expect(new Date(pacificDayStart(t('2026-12-01T20:00:00Z'))).toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(new Date(pacificDayStart(t('2026-07-01T20:00:00Z'))).toISOString()).toBe('2026-07-01T07:00:00.000Z');
    // 05:00 UTC on Dec 2 is still Dec 1 in Los Angeles
    expect(new Date(pacificDayStart(t('2026-12-02T05:00:00Z'))).toISOString()).toBe('2026-12-01T08:00:00.000Z');
  });

  it('the day clocks go back lasts 25 hours, the day they go forward 23', () => {
    const fallBack = pacificDayStart(t('2026-11-01T12:00:00Z'));
    expect((pacificDayEnd(fallBack) - fallBack) / HOUR).toBe(25);
    const springForward = pacificDayStart(t('2026-03-08T12:00:00Z'));
    expect((pacificDayEnd(springForward) - springForward) / HOUR).toBe(23);
  });

  it('counts uploads on the same Pacific day, not the same UTC day', () => {
    // 100 uploads on Nov 30 Pacific, at 23:30 PST = Dec 1 07:30 UTC
    const others = series(t('2026-12-01T07:30:00Z'), 100, 0);
    // 08:30 UTC on Dec 1 is 00:30 PST on Dec 1: a new quota day
    expect(checkLimit(youtube, others, t('2026-12-01T08:30:00Z'))).toEqual({ ok: true });
    // 07:45 UTC is still Nov 30 in Los Angeles: the 101st; free at midnight Pacific
    expect(checkLimit(youtube, others, t('2026-12-01T07:45:00Z'))).toEqual({
      ok: false,
      cap: 100,
      wouldBe: 101,
      overAt: t('2026-12-01T07:45:00Z'),
      nextFreeAt: t('2026-12-01T08:00:00Z'),
    });
  });

  it('the 25-hour day holds one quota, and uploads already made count', () => {
    // Nov 1 2026 (PDT → PST): 07:00 UTC Nov 1 to 08:00 UTC Nov 2. 60 scheduled + 40 already made = full
    const others = series(t('2026-11-01T07:00:00Z'), 60, 24 * MIN);
    const day = pacificDayStart(t('2026-11-01T12:00:00Z'));
    const used = (start: number) => (start === day ? 40 : 0);
    const verdict = checkPacificDay(100, others, t('2026-11-02T07:30:00Z'), used);
    expect(verdict).toMatchObject({ ok: false, wouldBe: 101, nextFreeAt: t('2026-11-02T08:00:00Z') });
  });
});

describe('rolling windows across a DST change', () => {
  it('counts 24 real hours, not a wall-clock day, and says the times in the user zone on each side of the change', () => {
    // Prepare: New York falls back on Sun Nov 1 2026 at 02:00 (EDT → EST); 50 posts from Sat 09:00 EDT (13:00Z)
    const others = series(t('2026-10-31T13:00:00Z'), 50, MIN);
    // Act: Sun 08:00 EST (13:00Z) is 24 real hours after the first, though the clock says 23
    const verdict = checkLimit(instagram, others, t('2026-11-01T12:59:00Z'));
    // Assess
    expect(verdict).toMatchObject({ ok: false, wouldBe: 51, nextFreeAt: t('2026-11-01T13:00:00Z') });
    const message = limitWarningMessage(fiftyFirstOnInstagram('2026-11-01T12:59:00.000Z', '2026-11-01T13:00:00.000Z'), 'America/New_York');
    expect(message).toContain('in the 24 hours before Sun Nov 1, 07:59. The next free time is Sun Nov 1, 08:00.');
  });
});

describe('the warning text', () => {
  it('says the cap, the account, which publish this would be and the next free time in the user zone', () => {
    const message = limitWarningMessage(fiftyFirstOnInstagram('2026-12-01T09:00:00.000Z', '2026-12-01T10:15:00.000Z'), 'Europe/Berlin');
    expect(message).toBe(
      'Instagram allows 50 posts a day for @acme; this would be the 51st in the 24 hours before Tue Dec 1, 10:00. The next free time is Tue Dec 1, 11:15.',
    );
  });
});
