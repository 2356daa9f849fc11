import { createHash } from 'node:crypto';

/**
 * The sandbox platforms' post metrics: deterministic from the post's id and its age on the
 * sandbox clock, so a test that advances the clock sees numbers grow, fast at first and then leveling
 * off, as real posts do: views(t) = A·(1 − e^(−t/τ)), A and τ from a hash of the id. Every other count
 * is a fixed share (from the same hash) of the views so far, so none of them ever goes down.
 */
const unit = (id: string, salt: string): number => createHash('sha256').update(`${salt}:${id}`).digest().readUInt32BE(0) / 0x1_0000_0000;

export interface GrowthShape {
  /** Views a post levels off at, between `minViews` and 10× that. */
  readonly minViews: number;
  /** Shares of views per count, as [low, high) ranges. */
  readonly rates: Readonly<Record<string, readonly [number, number]>>;
}

/** The counts of post `id`, `ageSeconds` after the platform received it (0 before). */
export function grownCounts(id: string, ageSeconds: number, shape: GrowthShape): Record<string, number> & { views: number } {
  const t = Math.max(0, ageSeconds);
  const ceiling = shape.minViews * (1 + 9 * unit(id, 'views'));
  // Half-life between 2 hours and 2 days.
  const tau = 7200 + unit(id, 'tau') * (2 * 86400 - 7200);
  const exact = ceiling * (1 - Math.exp(-t / tau));
  const counts: Record<string, number> & { views: number } = { views: Math.floor(exact) };
  for (const [name, [low, high]] of Object.entries(shape.rates)) counts[name] = Math.floor(exact * (low + (high - low) * unit(id, name)));
  return counts;
}
