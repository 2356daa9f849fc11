import { PLAN_IDS, type PlanId } from './plans';

/**
 * Analytics' plans, periods and messages, without its schemas (shared/analytics.ts builds those with
 * zod and re-exports these): the Analytics page paints with them and loads zod with its first answer.
 *
 * Engagements are likes + comments + shares + saves (what a platform reports of them; a count a
 * platform does not report counts as 0).
 */

/** The counts engagements add up (a PostMetrics reading has them). */
export interface EngagementCounts {
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
}

export function engagementsOf(m: EngagementCounts): number {
  return (m.likes ?? 0) + (m.comments ?? 0) + (m.shares ?? 0) + (m.saves ?? 0);
}

/** After publishing, a target's metrics are collected at these offsets (seconds), then no more. */
export const COLLECTION_OFFSETS_SECONDS = [3600, 6 * 3600, 24 * 3600, 3 * 86400, 7 * 86400, 30 * 86400] as const;

/** The views of analytics a plan may include. */
export const ANALYTICS_FEATURES = ['totals', 'daily', 'top_posts', 'post_history', 'export', 'comparison', 'best_times', 'client_reports'] as const;
export type AnalyticsFeature = (typeof ANALYTICS_FEATURES)[number];

/** Per plan: how far back (days) and which views. Free: essential insights; Basic: basic analytics; Pro: advanced. */
export const ANALYTICS_PLANS: Record<PlanId, { maxDays: number; features: readonly AnalyticsFeature[] }> = {
  free: { maxDays: 30, features: ['totals'] },
  basic: { maxDays: 90, features: ['totals', 'daily', 'top_posts', 'post_history', 'export'] },
  pro: { maxDays: 365, features: ANALYTICS_FEATURES },
};
export const ANALYTICS_PERIODS = [30, 90, 365] as const;

/** The cheapest plan that includes `feature` (for "Upgrade to … to see this"). */
export function planFor(feature: AnalyticsFeature): PlanId {
  return PLAN_IDS.find((p) => ANALYTICS_PLANS[p].features.includes(feature)) ?? 'pro';
}
/** The cheapest plan that shows `days` days. */
export function planForDays(days: number): PlanId {
  return PLAN_IDS.find((p) => ANALYTICS_PLANS[p].maxDays >= days) ?? 'pro';
}

/**
 * Best times are offered only from a sample that can say something: at least this many published
 * posts, on at least this many different days, that have earned engagements. One evening of posts,
 * or posts whose numbers are not in yet, would crown whichever hour came first.
 */
export const BEST_TIMES_MIN_POSTS = 10;
export const BEST_TIMES_MIN_DAYS = 3;
export const BEST_TIMES_NOT_YET = `Best times appear once at least ${BEST_TIMES_MIN_POSTS} posts, published on ${BEST_TIMES_MIN_DAYS} or more different days, have earned engagements.`;

/** `private`: the platform reports no numbers for the post as it was published (a TikTok "Only me" post or inbox draft). */
export const COLLECTION_STATUSES = ['collecting', 'done', 'gone', 'needs_reconnect', 'private'] as const;
export type CollectionStatus = (typeof COLLECTION_STATUSES)[number];

export const UPGRADE_ANALYTICS_MESSAGE = (plan: PlanId) => `Upgrade to ${plan === 'pro' ? 'Pro' : 'Basic'} to see this.`;
export const RECONNECT_FOR_ANALYTICS = 'Reconnect to see analytics';
/** Why a TikTok post has no numbers: TikTok's video query lists only public videos, and a private post never gets a public id. */
export const TIKTOK_PRIVATE_NO_METRICS = 'TikTok does not report numbers for private posts';
