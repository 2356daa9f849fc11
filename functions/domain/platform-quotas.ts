import { claimQuota } from '../data/platform-quotas';
import type { DailyQuotaBucket, DailyQuotaClaim } from '../platforms/types';

/**
 * Daily quotas a platform keeps for our whole app (one Google project), counted on our side before
 * the call that spends them, so publishing stops with a clear message and the reset time instead of
 * burning calls on refusals. YouTube: videos.insert has its own bucket of 100 calls a day per
 * project, reset at midnight Pacific time (https://developers.google.com/youtube/v3/determine_quota_cost).
 */
export const DAILY_QUOTAS: Record<DailyQuotaBucket, { limit: number; timeZone: string }> = {
  'youtube.videos.insert': { limit: 100, timeZone: 'America/Los_Angeles' },
};

/** The calendar day (YYYY-MM-DD) of `at` in `timeZone`. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The first instant after `at` at which the day in `timeZone` changes (its next midnight, DST included). */
export function nextMidnightIn(timeZone: string, at: Date): Date {
  const today = dayIn(timeZone, at);
  // Step by the hour to the new day, then back by the minute to its first minute: DST-proof, at most ~25 + 60 steps.
  let t = Math.floor(at.getTime() / 3_600_000) * 3_600_000;
  while (dayIn(timeZone, new Date(t)) === today) t += 3_600_000;
  while (dayIn(timeZone, new Date(t - 60_000)) !== today) t -= 60_000;
  return new Date(t);
}

/** Takes one use of a daily bucket, or says when it frees up again. */
export async function claimDailyQuota(bucket: DailyQuotaBucket, now: Date): Promise<DailyQuotaClaim> {
  const { limit, timeZone } = DAILY_QUOTAS[bucket];
  const resetsAt = nextMidnightIn(timeZone, now);
  // Kept a day past its reset, then TTL removes it.
  const ok = await claimQuota(bucket, dayIn(timeZone, now), limit, Math.floor(resetsAt.getTime() / 1000) + 86_400);
  return ok ? { ok: true } : { ok: false, limit, resetsAt: resetsAt.toISOString() };
}
