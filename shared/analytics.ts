import * as z from 'zod';
import { ANALYTICS_FEATURES, ANALYTICS_PERIODS, COLLECTION_STATUSES } from './analytics-rules';
import { PLAN_IDS } from './plans';
import { PLATFORMS } from './platforms';

/**
 * Analytics: what the platforms report about published posts, collected after publishing
 * (docs/analytics.md) and shown on the Analytics page and the Posted cards.
 *
 * Engagements are likes + comments + shares + saves (what a platform reports of them; a count a
 * platform does not report counts as 0). Views are the platform's own view/impression count.
 */

export {
  engagementsOf,
  COLLECTION_OFFSETS_SECONDS,
  ANALYTICS_FEATURES,
  ANALYTICS_PLANS,
  ANALYTICS_PERIODS,
  planFor,
  planForDays,
  BEST_TIMES_MIN_POSTS,
  BEST_TIMES_MIN_DAYS,
  BEST_TIMES_NOT_YET,
  COLLECTION_STATUSES,
  UPGRADE_ANALYTICS_MESSAGE,
  RECONNECT_FOR_ANALYTICS,
  TIKTOK_PRIVATE_NO_METRICS,
  type AnalyticsFeature,
  type CollectionStatus,
} from './analytics-rules';

/** One reading of a post's counts on one platform; null where the platform does not report that count. */
export const PostMetricsSchema = z.object({
  views: z.number().int().nonnegative().nullable(),
  reach: z.number().int().nonnegative().nullable(),
  likes: z.number().int().nonnegative().nullable(),
  comments: z.number().int().nonnegative().nullable(),
  shares: z.number().int().nonnegative().nullable(),
  saves: z.number().int().nonnegative().nullable(),
});
export type PostMetrics = z.infer<typeof PostMetricsSchema>;

/** GET /api/analytics?days=30|90|365[&client=<id>] */
export const AnalyticsQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (ANALYTICS_PERIODS as readonly number[]).includes(d), { message: 'Choose 30, 90 or 365 days' })
    // JSON Schema cannot see into the refine: the public API's OpenAPI document lists the periods from here.
    .meta({ enum: [...ANALYTICS_PERIODS] })
    .default(30),
  client: z.string().min(1).max(64).optional(),
});

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const PlatformTotalsSchema = z.object({
  platform: z.enum(PLATFORMS),
  /** Targets published / failed in the period (by the day they were due, in the user's timezone). */
  published: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  views: z.number().int().nonnegative(),
  engagements: z.number().int().nonnegative(),
});
export type PlatformTotals = z.infer<typeof PlatformTotalsSchema>;

export const DailyPointSchema = z.object({
  date: Day,
  platform: z.enum(PLATFORMS),
  views: z.number().int().nonnegative(),
  engagements: z.number().int().nonnegative(),
});
export type DailyPoint = z.infer<typeof DailyPointSchema>;

export const TopPostSchema = z.object({
  post_id: z.string(),
  platform: z.enum(PLATFORMS),
  caption: z.string(),
  published_at: z.iso.datetime(),
  post_url: z.string().nullable(),
  views: z.number().int().nonnegative(),
  engagements: z.number().int().nonnegative(),
});
export type TopPost = z.infer<typeof TopPostSchema>;

/** One weekday × hour cell of the user's results (weekday 0 = Monday … 6 = Sunday; hour 0–23 in the user's timezone). */
export const BestTimeSchema = z.object({
  weekday: z.number().int().min(0).max(6),
  hour: z.number().int().min(0).max(23),
  posts: z.number().int().positive(),
  engagements_per_post: z.number().nonnegative(),
});
export type BestTime = z.infer<typeof BestTimeSchema>;

/**
 * The Analytics page. Metrics are attributed to the day the post was published (in the user's
 * timezone then), so a period's numbers are "what the posts published in it earned so far".
 * A view the plan does not include is null and listed in `locked`.
 */
export const AnalyticsResponseSchema = z.object({
  plan: z.enum(PLAN_IDS),
  days: z.number().int().positive(),
  max_days: z.number().int().positive(),
  from: Day,
  to: Day,
  timezone: z.string(),
  client_id: z.string().nullable(),
  locked: z.array(z.enum(ANALYTICS_FEATURES)),
  totals: z.array(PlatformTotalsSchema),
  daily: z.array(DailyPointSchema).nullable(),
  top_posts: z.array(TopPostSchema).nullable(),
  /** The same totals for the period just before (Pro). */
  previous: z.array(PlatformTotalsSchema).nullable(),
  /** Cells with at least one post, best first (Pro); empty until the sample is large enough (BEST_TIMES_MIN_*). */
  best_times: z.array(BestTimeSchema).nullable(),
  /** Connections that lack the permission to read analytics: "Reconnect to see analytics". */
  needs_reconnect: z.array(z.object({ account_id: z.string(), platform: z.enum(PLATFORMS), account_name: z.string() })),
});
export type AnalyticsResponse = z.infer<typeof AnalyticsResponseSchema>;

/** GET /api/analytics/posts/{id}: one post's metrics over time, per platform (Basic and up). */
export const PostAnalyticsResponseSchema = z.object({
  post_id: z.string(),
  platforms: z.array(
    z.object({
      platform: z.enum(PLATFORMS),
      status: z.enum(COLLECTION_STATUSES),
      latest: PostMetricsSchema.nullable(),
      snapshots: z.array(PostMetricsSchema.extend({ at: z.iso.datetime() })),
    }),
  ),
});
export type PostAnalyticsResponse = z.infer<typeof PostAnalyticsResponseSchema>;

/** On a Posted card (PostTarget.metrics): the latest reading. */
export const TargetMetricsSchema = z.object({ views: z.number().int().nonnegative(), engagements: z.number().int().nonnegative(), at: z.iso.datetime() });
export type TargetMetrics = z.infer<typeof TargetMetricsSchema>;
