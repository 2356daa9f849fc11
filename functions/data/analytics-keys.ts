import type { PostMetrics } from '@shared/analytics';
import type { CollectionStatus } from '@shared/analytics';
import type { Platform } from '@shared/platforms';

/**
 * Analytics items (docs/data-model.md#analytics). All live under `pk = USER#<userId>`, so account
 * deletion removes them with everything else. Key formats are here only; data/analytics*.ts use them.
 *
 *  - Tracker (`METRICS#<postId>#<platform>`): one per published target; what to collect and when. While a
 *    collection is due it carries gsi2pk = METRICSDUE, gsi2sk = <nextAt ISO>#<userId>#<postId>#<platform>
 *    (sparse, like TOKENNOTICE); removed when collection ends.
 *  - Failure mark (`METRICSFAIL#<postId>#<platform>`): the day whose rollup counted the target as failed, so
 *    a Retry that publishes it takes that count back.
 *  - Snapshot (`METRICSNAP#<postId>#<platform>#<collectedAt ISO>`): one reading.
 *  - Rollup (`ROLLUP#<yyyy-mm-dd>#<platform>`) and client rollup (`CROLLUP#<clientId>#<yyyy-mm-dd>#<platform>`):
 *    per day of publication (the user's timezone at publishing) and platform, so any period is one query.
 */
export const METRICS_DUE_PK = 'METRICSDUE';
export const trackerSk = (postId: string, platform: Platform) => `METRICS#${postId}#${platform}`;
export const failurePrefix = (postId: string) => `METRICSFAIL#${postId}#`;
export const failureSk = (postId: string, platform: Platform) => `METRICSFAIL#${postId}#${platform}`;
export const snapshotPrefix = (postId: string) => `METRICSNAP#${postId}#`;
export const snapshotSk = (postId: string, platform: Platform, collectedAt: string) => `METRICSNAP#${postId}#${platform}#${collectedAt}`;
export const rollupSk = (day: string, platform: Platform) => `ROLLUP#${day}#${platform}`;
export const clientRollupSk = (clientId: string, day: string, platform: Platform) => `CROLLUP#${clientId}#${day}#${platform}`;
export const dueSk = (nextAt: string, userId: string, postId: string, platform: Platform) => `${nextAt}#${userId}#${postId}#${platform}`;

export interface TrackerItem {
  userId: string;
  postId: string;
  platform: Platform;
  /** Our connection id (ACCOUNT#<id>) and the platform's own ids. */
  socialAccountId: string;
  accountId: string;
  platformPostId: string;
  postUrl: string | null;
  caption: string;
  clientId: string | null;
  publishedAt: string;
  /** yyyy-mm-dd of publishing in the user's timezone: the rollup the metrics count in. */
  day: string;
  /** 0–23 and 0 (Monday)–6 in the user's timezone, for the best times. */
  hour: number;
  weekday: number;
  /** Index into COLLECTION_OFFSETS_SECONDS of the next collection. */
  step: number;
  nextAt: string | null;
  status: CollectionStatus;
  /** The last reading, already added into the rollups (the next reading adds only its difference). */
  latest: PostMetrics | null;
  collectedAt: string | null;
  /** Failed collections in a row (a failure retries later and never touches the post). */
  failures: number;
}

export interface SnapshotItem extends PostMetrics {
  postId: string;
  platform: Platform;
  collectedAt: string;
}

/** Counts are totals over the day's posts; `hours` keys are "<weekday>:<hour>" cells of that day's posts. */
export interface RollupItem {
  day: string;
  platform: Platform;
  published: number;
  failed: number;
  views: number;
  engagements: number;
  likes: number;
  comments: number;
  shares: number;
  saves: number;
  hours: Record<string, { posts: number; engagements: number }>;
  /** The day's best posts on this platform by views (at most TOP_PER_ROLLUP), so a period's top posts need no other read. */
  top: { postId: string; caption: string; publishedAt: string; postUrl: string | null; views: number; engagements: number }[];
}
export const TOP_PER_ROLLUP = 10;

/** A day's rollup on a platform before anything is counted in it. */
export function zeroRollup(day: string, platform: Platform): RollupItem {
  return { day, platform, published: 0, failed: 0, views: 0, engagements: 0, likes: 0, comments: 0, shares: 0, saves: 0, hours: {}, top: [] };
}
