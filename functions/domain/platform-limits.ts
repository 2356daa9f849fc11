import type * as z from 'zod';
import { MSG } from '@shared/messages';
import { PLATFORM_LIMITS, limitWarningMessage, type LimitCheckBodySchema, type LimitWarning, type PlatformLimit } from '@shared/platform-limits';
import type { Platform } from '@shared/platforms';
import { SCHEDULED_IN_PAST_MESSAGE } from '@shared/posts';
import { effectiveTimezone } from '@shared/timezones';
import { listConnections } from '../data/connections';
import { getQuotaUsed } from '../data/platform-quotas';
import { listOpenPostsBetween, listPostedBetween, listScheduledBetween, type PostRecord } from '../data/posts';
import { getSettings } from '../data/users';
import { defaultDeps, type Deps } from '../lib/clock';
import { ValidationError } from '../lib/errors';
import { logger } from '../lib/logger';
import type { InstagramAdapter } from '../platforms/instagram';
import type { ThreadsAdapter } from '../platforms/threads';
import { withFreshTokens } from './connections';
import { dayIn, DAILY_QUOTAS } from './platform-quotas';

/**
 * Platform limits at scheduling time. The pure part answers "given the other publishes
 * this account (or this Google project) has around a candidate time, is the candidate within the
 * platform's cap, and if not, when is the next free time?". The rest gathers those publishes.
 *
 * A limit is a warning, never a refusal: the caps are the platforms' and drift (Instagram's guide
 * says 100, its quota endpoint 50; TikTok's varies per creator; YouTube's is shared with every user
 * of the deployment), our count is a forecast, and the user may have a reason to schedule anyway.
 * Compose asks the user to confirm; the API saves and returns the same warnings.
 */

const MINUTE = 60_000;
/** How far past the candidate we look for the next free time; beyond this we say nothing. */
export const NEXT_FREE_HORIZON_MS = 7 * 24 * 60 * MINUTE;

export type LimitVerdict = { ok: true } | { ok: false; cap: number; wouldBe: number; overAt: number; nextFreeAt: number | null };

const ceilMinute = (ms: number) => Math.ceil(ms / MINUTE) * MINUTE;

/**
 * A rolling window: at most `cap` publishes in any `windowMs` span (a publish exactly `windowMs`
 * earlier has left it). Adding `at` touches every window that contains it, so the windows ending at
 * `at` and at each later publish within `windowMs` are all checked; the fullest one is reported.
 */
export type RollingVerdict = { ok: true } | { ok: false; cap: number; wouldBe: number; overAt: number };

export function checkRolling(cap: number, windowMs: number, others: readonly number[], at: number): RollingVerdict {
  const ends = [at, ...others.filter((e) => e >= at && e < at + windowMs)];
  let worst: { wouldBe: number; overAt: number } | null = null;
  for (const end of ends) {
    const wouldBe = others.filter((e) => e > end - windowMs && e <= end).length + 1;
    if (wouldBe > cap && (!worst || wouldBe > worst.wouldBe || (wouldBe === worst.wouldBe && end < worst.overAt))) worst = { wouldBe, overAt: end };
  }
  return worst ? { ok: false, cap, ...worst } : { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Pacific days (YouTube's quota resets at midnight Pacific; days are 23 or 25 hours at DST changes)

const PACIFIC = 'America/Los_Angeles';
const pacificParts = new Intl.DateTimeFormat('en-US', {
  timeZone: PACIFIC,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function partsOf(ms: number): { y: number; m: number; d: number; h: number; min: number } {
  const parts = Object.fromEntries(pacificParts.formatToParts(new Date(ms)).map((p) => [p.type, Number(p.value)]));
  return { y: parts.year, m: parts.month, d: parts.day, h: parts.hour, min: parts.minute };
}

/** Midnight Pacific of the day `ms` falls in (PST is UTC−8, PDT UTC−7; midnight always exists). */
export function pacificDayStart(ms: number): number {
  const { y, m, d } = partsOf(ms);
  for (const offsetHours of [8, 7]) {
    const candidate = Date.UTC(y, m - 1, d, offsetHours);
    const p = partsOf(candidate);
    if (p.y === y && p.m === m && p.d === d && p.h === 0 && p.min === 0) return candidate;
  }
  throw new Error(`No Pacific midnight found for ${new Date(ms).toISOString()}`);
}

/** The next Pacific midnight after `ms` (25 h past a midnight is always inside the next day). */
export const pacificDayEnd = (ms: number): number => pacificDayStart(pacificDayStart(ms) + 25 * 60 * MINUTE);

/** A calendar day in Pacific time: at most `cap`, counting `usedOn(dayStart)` publishes already made. */
export function checkPacificDay(cap: number, others: readonly number[], at: number, usedOn: (dayStart: number) => number = () => 0): LimitVerdict {
  const countOn = (start: number) => {
    const end = pacificDayEnd(start);
    return usedOn(start) + others.filter((e) => e >= start && e < end).length;
  };
  const wouldBe = countOn(pacificDayStart(at)) + 1;
  if (wouldBe <= cap) return { ok: true };
  let day = pacificDayEnd(at);
  while (day <= at + NEXT_FREE_HORIZON_MS) {
    if (countOn(day) + 1 <= cap) return { ok: false, cap, wouldBe, overAt: at, nextFreeAt: day };
    day = pacificDayEnd(day);
  }
  return { ok: false, cap, wouldBe, overAt: at, nextFreeAt: null };
}

/**
 * The verdict for one limit. For rolling windows the next free time is the first whole minute at or
 * after `at` where every window holding it is within the cap: only the moments an earlier publish
 * leaves a window (e + window) or a later one is passed (e + 1 min) can change that.
 */
export function checkLimit(
  limit: Pick<PlatformLimit, 'cap' | 'window' | 'windowMs'>,
  others: readonly number[],
  at: number,
  usedOn?: (dayStart: number) => number,
): LimitVerdict {
  if (limit.window === 'pacific-day') return checkPacificDay(limit.cap, others, at, usedOn);
  const first = checkRolling(limit.cap, limit.windowMs, others, at);
  if (first.ok) return first;
  const candidates = [...new Set(others.flatMap((e) => [ceilMinute(e + limit.windowMs), ceilMinute(e + MINUTE)]))]
    .filter((c) => c > at && c <= at + NEXT_FREE_HORIZON_MS)
    .sort((a, b) => a - b);
  const nextFreeAt = candidates.find((c) => checkRolling(limit.cap, limit.windowMs, others, c).ok) ?? null;
  return { ...first, nextFreeAt };
}

// ---------------------------------------------------------------------------------------------
// Gathering the other publishes

/** A place to plug in a live quota (Instagram's content_publishing_limit); the static cap otherwise. */
export interface LimitSources {
  /** The cap for this account (e.g. Instagram's quota_total read from the platform). */
  capFor?: (platform: Platform, socialAccountId: string, userId?: string) => Promise<number | null>;
  /** YouTube uploads already made on a Pacific day (the runtime counter of real videos.insert calls). */
  youtubeUploadsOn?: (dayStart: number) => Promise<number>;
}

/**
 * The live sources this deployment has: Instagram's own content_publishing_limit and Threads'
 * threads_publishing_limit (their quota_total; the static 50 / 250 when the call fails) and YouTube's counter of videos.insert calls already made
 * (functions/domain/platform-quotas.ts, a table item per Pacific day).
 */
export const liveLimitSources: LimitSources = {
  async capFor(platform, socialAccountId, userId) {
    if ((platform !== 'instagram' && platform !== 'threads') || !userId) return null;
    try {
      return await withFreshTokens(userId, socialAccountId, async (tokens, adapter) => {
        const live = adapter as Partial<InstagramAdapter | ThreadsAdapter>;
        if (!live.publishingLimit) return null;
        const account = await listConnections(userId).then((all) => all.find((a) => a.id === socialAccountId));
        return account ? (await live.publishingLimit(tokens, account.account_id)).total : null;
      });
    } catch (error) {
      logger.warn('Could not read the live publishing limit; using the documented cap', { platform, error });
      return null;
    }
  },
  youtubeUploadsOn: (dayStart) => getQuotaUsed('youtube.videos.insert', dayIn(DAILY_QUOTAS['youtube.videos.insert'].timeZone, new Date(dayStart))),
};

/**
 * A target that counts: not failed, not of the post being edited; its time is when it went or goes
 * out. With `onlyUnsent`, only targets not yet handed to the platform (the rest are in a counter).
 */
function publishTimes(
  posts: readonly PostRecord[],
  match: (platform: Platform, accountId: string) => boolean,
  excludePostId?: string,
  onlyUnsent = false,
): number[] {
  const times: number[] = [];
  for (const post of posts) {
    if (post.id === excludePostId) continue;
    for (const target of post.platforms) {
      if (target.status === 'failed' || !match(target.platform, target.social_account_id)) continue;
      if (onlyUnsent && target.status !== 'pending' && target.status !== 'queued') continue;
      const when = target.posted_at ?? post.scheduled_at ?? post.published_at;
      if (when) times.push(Date.parse(when));
    }
  }
  return times;
}

const uniqueById = (posts: readonly PostRecord[]) => [...new Map(posts.map((p) => [p.id, p])).values()];

/**
 * Warnings for scheduling these targets at `scheduled_at`. Reads: the user's accounts (one query),
 * the user's scheduled and posted tabs over the windows (two gsi1 range queries) and, for YouTube,
 * every user's open posts over the days concerned (one gsi2 range query). Never a Scan.
 */
export async function limitWarnings(
  userId: string,
  body: z.output<typeof LimitCheckBodySchema>,
  deps: Pick<Deps, 'now'> = defaultDeps,
  sources: LimitSources = liveLimitSources,
): Promise<LimitWarning[]> {
  const at = Date.parse(body.scheduled_at);
  if (!Number.isFinite(at)) throw new ValidationError('Choose a valid date and time');
  if (at < deps.now().getTime()) throw new ValidationError(SCHEDULED_IN_PAST_MESSAGE);
  const accounts = await listConnections(userId);
  const targets = body.platforms.map((t) => {
    const account = accounts.find((a) => a.id === t.social_account_id && a.platform === t.platform);
    if (!account) throw new ValidationError(MSG.connectAccounts);
    return account;
  });
  const limited = targets.filter((a) => PLATFORM_LIMITS[a.platform]);
  if (limited.length === 0) return [];

  const perAccount = limited.filter((a) => PLATFORM_LIMITS[a.platform]!.scope === 'account');
  const widest = Math.max(0, ...perAccount.map((a) => PLATFORM_LIMITS[a.platform]!.windowMs));
  const iso = (ms: number) => new Date(ms).toISOString();
  const [userPosts, projectPosts, settings] = await Promise.all([
    perAccount.length > 0
      ? Promise.all([
          listScheduledBetween(userId, iso(at - widest), iso(at + NEXT_FREE_HORIZON_MS + widest)),
          listPostedBetween(userId, iso(at - widest), iso(at + widest)),
        ]).then(([scheduled, posted]) => uniqueById([...scheduled, ...posted]))
      : Promise.resolve([]),
    limited.some((a) => PLATFORM_LIMITS[a.platform]!.scope === 'project')
      ? listOpenPostsBetween(iso(pacificDayStart(at)), iso(pacificDayEnd(at + NEXT_FREE_HORIZON_MS)))
      : Promise.resolve([]),
    getSettings(userId),
  ]);
  const zone = effectiveTimezone(settings.timezone);

  const warnings: LimitWarning[] = [];
  for (const account of limited) {
    const limit = PLATFORM_LIMITS[account.platform]!;
    const cap = (await sources.capFor?.(account.platform, account.id, userId)) ?? limit.cap;
    let verdict: LimitVerdict;
    if (limit.scope === 'project') {
      // Uploads already made are in the counter; open posts add those still to come.
      const others = publishTimes(projectPosts, (p) => p === account.platform, body.post_id, Boolean(sources.youtubeUploadsOn));
      const used = new Map<number, number>();
      if (sources.youtubeUploadsOn) {
        for (let day = pacificDayStart(at); day <= at + NEXT_FREE_HORIZON_MS; day = pacificDayEnd(day)) used.set(day, await sources.youtubeUploadsOn(day));
      }
      verdict = checkLimit({ ...limit, cap }, others, at, (day) => used.get(day) ?? 0);
    } else {
      verdict = checkLimit(
        { ...limit, cap },
        publishTimes(userPosts, (p, id) => p === account.platform && id === account.id, body.post_id),
        at,
      );
    }
    if (verdict.ok) continue;
    const warning = {
      platform: account.platform,
      social_account_id: account.id,
      account_name: account.account_name,
      cap: verdict.cap,
      window: limit.window,
      would_be: verdict.wouldBe,
      over_at: iso(verdict.overAt),
      next_free_at: verdict.nextFreeAt === null ? null : iso(verdict.nextFreeAt),
    };
    warnings.push({ ...warning, message: limitWarningMessage(warning, zone) });
  }
  return warnings;
}

/**
 * The warnings of a post just saved (create / edit): the same check as compose's, with the post's
 * own targets left out. The save has happened, so a failure here is logged and gives no warnings.
 */
export async function warningsForSavedPost(
  userId: string,
  post: Pick<PostRecord, 'id' | 'status' | 'scheduled_at' | 'platforms'>,
  deps: Pick<Deps, 'now'> = defaultDeps,
): Promise<LimitWarning[]> {
  if (post.status !== 'scheduled' || !post.scheduled_at) return [];
  try {
    return await limitWarnings(
      userId,
      {
        scheduled_at: post.scheduled_at,
        post_id: post.id,
        platforms: post.platforms.map((t) => ({ platform: t.platform, social_account_id: t.social_account_id })),
      },
      { now: () => new Date(Math.min(deps.now().getTime(), Date.parse(post.scheduled_at!))) },
      liveLimitSources,
    );
  } catch (error) {
    logger.warn('Could not check platform limits for a saved post', { postId: post.id, error });
    return [];
  }
}

/** The saved post as create / edit return it: with `limit_warnings` only when there are some. */
export async function withLimitWarnings<P extends Parameters<typeof warningsForSavedPost>[1]>(
  userId: string,
  post: P,
  deps: Pick<Deps, 'now'> = defaultDeps,
): Promise<P & { limit_warnings?: LimitWarning[] }> {
  const warnings = await warningsForSavedPost(userId, post, deps);
  return warnings.length > 0 ? { ...post, limit_warnings: warnings } : post;
}
