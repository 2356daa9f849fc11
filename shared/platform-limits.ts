import * as z from 'zod';
import { instantInput } from './dates';
import { text } from './text';
import { NETWORKS } from './networks';
import { PLATFORMS, PLATFORM_NAMES, type Platform } from './platforms';
import { PostSchema } from './posts';

/**
 * Platform posting limits known at scheduling time. The numbers
 * and their sources are also the table in
 * docs/platforms.md#known-ahead-of-time-posting-caps-at-scheduling-time-and-connection-health; the math is in
 * functions/domain/platform-limits.ts. A network without `postingLimit` (Facebook Pages publish no feed-post cap) is not checked.
 *
 * - rolling: at most `cap` publishes in any `windowMs` window, per connected account
 * - pacific-day: at most `cap` per calendar day in America/Los_Angeles, per Google project (that is,
 *   across every user of this deployment)
 */
export type LimitWindow = 'rolling-24h' | 'rolling-3h' | 'pacific-day';
export type LimitScope = 'account' | 'project';

export interface PlatformLimit {
  readonly platform: Platform;
  readonly cap: number;
  readonly window: LimitWindow;
  readonly windowMs: number;
  readonly scope: LimitScope;
  /** Where the number comes from (official pages). */
  readonly source: string;
}

/** The caps known at scheduling time: each descriptor's `postingLimit` (shared/networks/<network>.ts says where its number comes from). */
export const PLATFORM_LIMITS: Partial<Record<Platform, PlatformLimit>> = Object.fromEntries(
  NETWORKS.flatMap((n) => ('postingLimit' in n ? [[n.id, { platform: n.id, ...n.postingLimit }]] : [])),
);

const Ulid = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { message: 'Unknown id' });

/** POST /api/posts/limit-check: the draft's accounts and time (and the post being edited, if any). */
export const LimitCheckBodySchema = z.object({
  scheduled_at: instantInput('Choose a valid date and time'),
  platforms: z
    .array(z.object({ platform: z.enum(PLATFORMS, { message: 'Unknown platform' }), social_account_id: text().min(1).max(64) }))
    .min(1, { message: 'Choose at least one account' })
    .max(PLATFORMS.length * 10),
  /** Editing: this post's own targets are not counted against it. */
  post_id: Ulid.optional(),
});
export type LimitCheckBody = z.input<typeof LimitCheckBodySchema>;

export const LimitWarningSchema = z.object({
  platform: z.enum(PLATFORMS),
  social_account_id: z.string(),
  account_name: z.string(),
  cap: z.number().int().positive(),
  window: z.enum(['rolling-24h', 'rolling-3h', 'pacific-day']),
  /** Which publish in its window this one would be (cap + 1 or more). */
  would_be: z.number().int().positive(),
  /** The window over the cap: a rolling one ends at this time ("the 24 hours before"); a day contains it. */
  over_at: z.iso.datetime(),
  /** The first time at or after the chosen one that keeps every window within the cap. */
  next_free_at: z.iso.datetime().nullable(),
  message: z.string(),
});
export type LimitWarning = z.infer<typeof LimitWarningSchema>;

export const LimitCheckResponseSchema = z.object({ warnings: z.array(LimitWarningSchema) });
export type LimitCheckResponse = z.infer<typeof LimitCheckResponseSchema>;

/** "Tue Dec 1, 09:00" in `zone`. */
export function formatLimitTime(iso: string, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('month')} ${part('day')}, ${part('hour')}:${part('minute')}`;
}

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/**
 * The warning compose shows, in the user's timezone: "Instagram allows 50 posts a day for @acme; this
 * would be the 51st in the 24 hours before Tue Dec 1, 09:00. The next free time is Tue Dec 1, 10:15."
 */
export function limitWarningMessage(w: Omit<LimitWarning, 'message'>, zone: string): string {
  const name = PLATFORM_NAMES[w.platform];
  const at = formatLimitTime(w.over_at, zone);
  const allows = {
    'rolling-24h': `${name} allows ${w.cap} posts a day for ${w.account_name}; this would be the ${ordinal(w.would_be)} in the 24 hours before ${at}.`,
    'rolling-3h': `${name} allows ${w.cap} posts in 3 hours for ${w.account_name}; this would be the ${ordinal(w.would_be)} in the 3 hours before ${at}.`,
    'pacific-day': `${name} allows this app ${w.cap} uploads a day (Pacific time) across all its users; this would be the ${ordinal(w.would_be)} on the day of ${at}.`,
  }[w.window];
  const next = w.next_free_at ? ` The next free time is ${formatLimitTime(w.next_free_at, zone)}.` : '';
  return `${allows}${next}`;
}

/**
 * POST /api/posts and PATCH /api/posts/{id}: the saved post, plus `limit_warnings` when the schedule
 * is over a platform's cap (absent when there are none, so the body is then exactly the post).
 */
export const PostWithLimitWarningsSchema = PostSchema.extend({ limit_warnings: z.array(LimitWarningSchema).min(1).optional() });
export type PostWithLimitWarnings = z.infer<typeof PostWithLimitWarningsSchema>;
