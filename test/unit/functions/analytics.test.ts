import { describe, expect, it } from 'vitest';
import { addDays, analyticsReadiness, periodOf } from '../../../functions/domain/analytics';

/** The analytics read side's pure parts (periods, reconnect); the CSV writer is tested in shared/csv. */
describe('a period', () => {
  it('ends today in the user’s timezone and spans the days asked, the previous period just before', () => {
    const now = new Date('2026-03-01T20:00:00Z');
    expect(periodOf(30, 'UTC', now)).toEqual({ from: '2026-01-31', to: '2026-03-01', previousFrom: '2026-01-01', previousTo: '2026-01-30' });
    // 09:00 on 2 March in Auckland (UTC+13)
    expect(periodOf(30, 'Pacific/Auckland', now)).toMatchObject({ from: '2026-02-01', to: '2026-03-02' });
    expect(periodOf(365, 'America/Los_Angeles', now)).toMatchObject({ from: '2025-03-02', to: '2026-03-01', previousTo: '2025-03-01' });
  });

  it('counts calendar days across month and leap-year ends', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});

describe('whether a connection can read analytics', () => {
  it('needs every analytics scope of its platform; a grant without a recorded scope list counts as ready', () => {
    expect(analyticsReadiness('x', ['tweet.read', 'users.read', 'tweet.write'])).toBe('ready');
    expect(analyticsReadiness('x', ['tweet.read'])).toBe('reconnect');
    expect(analyticsReadiness('facebook', [])).toBe('reconnect');
    expect(analyticsReadiness('youtube', undefined)).toBe('ready');
  });
});
