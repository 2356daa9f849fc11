import { describe, expect, it } from 'vitest';
import { BEST_TIMES_MIN_DAYS, BEST_TIMES_MIN_POSTS } from '@shared/analytics';
import { addDays, analyticsReadiness, bestTimesOf, periodOf } from '../../../functions/domain/analytics';
import { aRollupItem } from '../../helpers/analytics';

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

describe('best times', () => {
  /** `posts` posts at Monday 09:00 on each of `days` days, each earning `engagements`. */
  const rollups = (days: number, postsPerDay: number, engagements: number) =>
    Array.from({ length: days }, (_, i) =>
      aRollupItem(`2026-03-0${i + 1}`, 'facebook', { hours: { '0:9': { posts: postsPerDay, engagements: postsPerDay * engagements } } }),
    );

  it('ranks nothing from one night of posts, however many', () => {
    expect(bestTimesOf(rollups(1, 20, 5))).toEqual([]);
  });

  it('ranks nothing while the posts have no engagements measured yet', () => {
    expect(bestTimesOf(rollups(BEST_TIMES_MIN_DAYS, BEST_TIMES_MIN_POSTS, 0))).toEqual([]);
  });

  it('ranks nothing below the minimum number of posts, and ranks once it is reached', () => {
    const justUnder = [...rollups(BEST_TIMES_MIN_DAYS, 3, 5)];
    expect(justUnder.reduce((n, r) => n + r.hours['0:9']!.posts, 0)).toBeLessThan(BEST_TIMES_MIN_POSTS);
    expect(bestTimesOf(justUnder)).toEqual([]);

    const enough = [...justUnder, aRollupItem('2026-03-09', 'facebook', { hours: { '4:18': { posts: 1, engagements: 50 } } })];

    expect(bestTimesOf(enough)).toEqual([
      { weekday: 4, hour: 18, posts: 1, engagements_per_post: 50 },
      { weekday: 0, hour: 9, posts: 9, engagements_per_post: 5 },
    ]);
  });
});
