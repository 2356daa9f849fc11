import { describe, expect, it } from 'vitest';
import { grownCounts, parseGraphFields } from '../../../local/sandbox/platforms/graph-metrics';

/** The sandbox's believable numbers: deterministic per post id and age, growing, levelling off. */
describe('sandbox post counts', () => {
  const ids = ['17900000000000001', '102030405060708_998877665544', '17900000000000002', 'abc'];
  const hours = [0, 1, 6, 24, 72, 168, 720, 2000];

  it('start at zero, never go down, and give the same numbers for the same post and age', () => {
    for (const id of ids) {
      expect(grownCounts(id, 0)).toEqual({ views: 0, reach: 0, likes: 0, comments: 0, shares: 0, saves: 0 });
      let previous = grownCounts(id, 0);
      for (const h of hours) {
        const now = grownCounts(id, h * 3600);
        for (const key of Object.keys(now) as (keyof typeof now)[]) expect(now[key]).toBeGreaterThanOrEqual(previous[key]);
        expect(now.reach).toBeLessThanOrEqual(now.views);
        expect(now.likes).toBeLessThan(now.views || 1);
        expect(grownCounts(id, h * 3600)).toEqual(now);
        previous = now;
      }
    }
  });

  it('level off: the second month adds almost nothing, and posts differ from each other', () => {
    for (const id of ids) {
      const month = grownCounts(id, 30 * 86400).views;
      expect(grownCounts(id, 60 * 86400).views - month).toBeLessThanOrEqual(Math.ceil(month * 0.01));
      expect(grownCounts(id, 3600).views).toBeGreaterThan(0);
    }
    expect(new Set(ids.map((id) => grownCounts(id, 30 * 86400).views)).size).toBe(ids.length);
  });
});

describe('Graph fields= parsing', () => {
  it('splits at top-level commas and keeps modifiers', () => {
    expect(parseGraphFields('shares,reactions.summary(total_count).limit(0),comments.summary(true),insights.metric(a,b),from{id,name}')).toEqual([
      { name: 'shares', modifiers: {} },
      { name: 'reactions', modifiers: { summary: 'total_count', limit: '0' } },
      { name: 'comments', modifiers: { summary: 'true' } },
      { name: 'insights', modifiers: { metric: 'a,b' } },
      { name: 'from', modifiers: {} },
    ]);
    expect(parseGraphFields(null)).toEqual([]);
  });
});
