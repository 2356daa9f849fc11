import type { PostMetrics } from '@shared/analytics';
import type { CollectionStatus } from '@shared/analytics';
import type { Platform } from '@shared/platforms';

/**
 * Analytics items (docs/data-model.md#analytics), as stored. All live under `pk = USER#<userId>`, so
 * account deletion removes them with everything else; their keys are built in keys.ts:
 *
 *  - Tracker (`trackerSk`): one per published target; what to collect and when. While a collection
 *    is due it carries the sparse gsi2 entry METRICS_DUE_PK / `metricsDueSk` (like the token
 *    notices); removed when collection ends.
 *  - Failure mark (`failureSk`): the day whose rollup counted the target as failed, so a Retry that
 *    publishes it takes that count back.
 *  - Snapshot (`snapshotSk`): one reading.
 *  - Rollup (`rollupSk`) and client rollup (`clientRollupSk`): per day of publication (the user's
 *    timezone at publishing) and platform, so any period is one query.
 */
export interface TrackerItem {
  userId: string;
  postId: string;
  platform: Platform;
  /** Our connection id (the connection's sk holds it) and the platform's own ids. */
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
