import * as z from 'zod';
import { instantInput } from './dates';
import { TargetMetricsSchema } from './analytics';
import { FollowUpsSchema } from './follow-ups';
import { TargetSettingsSchema } from './target-settings';
import { PLATFORMS } from './platforms';
import { PostSeriesLinkSchema } from './recurrence';
import { ClientReviewSchema } from './review-links';
import { POST_PAGE_SIZE, POST_STATUSES, POST_TABS } from './statuses';
export { POST_PAGE_SIZE } from './statuses';
import { text } from './text';

/**
 * The posts API. A post is one item with its per-platform targets and its media embedded
 * (docs/data-model.md#posts). Times are ISO strings in UTC; the browser shows them in the user's timezone.
 */

export const Ulid = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { message: 'Unknown id' });
export const IdParamsSchema = z.object({ id: Ulid });

/** A stored media file as the browser sees it. `url` is a short-lived presigned GET. */
export const MediaItemSchema = z.object({
  id: z.string(),
  post_id: z.string().nullable(),
  file_path: z.string(),
  file_type: z.string(),
  file_size: z.number().int().nonnegative(),
  /** Images: the size as displayed, read at confirm (null for videos and files from before). */
  width: z.number().int().positive().nullable().optional(),
  height: z.number().int().positive().nullable().optional(),
  url: z.string(),
  created_at: z.iso.datetime(),
  /** The file's description for screen readers, as written in Compose; absent when it has none. */
  alt_text: z.string().optional(),
});
export type MediaItem = z.infer<typeof MediaItemSchema>;

/** Target statuses: a target is published on its own; the post's status is derived (docs/publishing.md#outcomes). */
export const TARGET_STATUSES = ['pending', 'queued', 'publishing', 'posted', 'failed'] as const;
export type TargetStatus = (typeof TARGET_STATUSES)[number];

export const PostTargetSchema = z.object({
  id: z.string(),
  platform: z.enum(PLATFORMS),
  social_account_id: z.string(),
  account_name: z.string(),
  /** The platform's own account id (for the profile link). */
  account_id: z.string(),
  caption: z.string(),
  settings: TargetSettingsSchema,
  status: z.enum(TARGET_STATUSES),
  post_url: z.string().nullable(),
  posted_at: z.iso.datetime().nullable(),
  error_message: z.string().nullable(),
  /** A posted target's latest views and engagements (docs/analytics.md); absent until its first reading. */
  metrics: TargetMetricsSchema.optional(),
  /** The first comment's and the thread's outcomes (docs/first-comment-and-threads.md); absent when there were none. */
  follow_ups: FollowUpsSchema.optional(),
});
export type PostTarget = z.infer<typeof PostTargetSchema>;

/**
 * A target as the API returns it: plus the account's public profile page on the network this
 * deployment talks to (the sandbox's on the local cloud), or null when it has none we can address.
 * Worked out on each read from configuration, never stored.
 */
export const PostTargetViewSchema = PostTargetSchema.extend({ profile_url: z.string().nullable() });
export type PostTargetView = z.infer<typeof PostTargetViewSchema>;

export const PostSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  scheduled_at: z.iso.datetime().nullable(),
  published_at: z.iso.datetime().nullable(),
  status: z.enum(POST_STATUSES),
  error_message: z.string().nullable(),
  youtube_type: z.literal('shorts').nullable(),
  client_id: z.string().nullable(),
  /** Bumped on every edit; the publisher ignores stale dispatches (docs/publishing.md#exactly-once). */
  version: z.number().int().positive(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  media: z.array(MediaItemSchema),
  platforms: z.array(PostTargetViewSchema),
  /** The recurrence series this post is an occurrence of (docs/recurring-posts.md); null for a one-off post. */
  series: PostSeriesLinkSchema.nullable().optional(),
  /** An Editor's comment when they sent the post back for changes (docs/approvals.md); cleared when it is submitted again. */
  review_comment: z.string().nullable().optional(),
  /** Who last submitted the post for approval (a user id), while that matters. */
  submitted_by: z.string().nullable().optional(),
  /** The client's latest decision through a review link (docs/review-links.md); null when there is none. */
  client_review: ClientReviewSchema.nullable().optional(),
});
export type Post = z.infer<typeof PostSchema>;

/**
 * POST /api/posts/{id}/retry: publish a failed post's failed targets again, now (no
 * time, or null) or at a later time. Targets that went out are never sent again.
 */
export const RetryPostBodySchema = z.object({ scheduled_at: instantInput().nullable().optional() });
export type RetryPostBody = z.input<typeof RetryPostBodySchema>;
export const NOTHING_TO_RETRY_MESSAGE = 'Only a post that failed can be retried, and this one has no failed platforms.';
export const ALREADY_RETRYING_MESSAGE = 'This post is already being published again.';

export const POST_TAB_IDS = POST_TABS.map((t) => t.id) as [PostTabId, ...PostTabId[]];
type PostTabId = (typeof POST_TABS)[number]['id'];

/** GET /api/posts?tab=&cursor=&limit=: one page of a tab, from one DynamoDB query. */
export const ListPostsQuerySchema = z.object({
  tab: z.enum(POST_TAB_IDS, { message: 'Unknown tab' }),
  cursor: text().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(POST_PAGE_SIZE),
  client_id: Ulid.optional(),
});
export const PostPageSchema = z.object({ items: z.array(PostSchema), nextCursor: z.string().nullable() });
export type PostPage = z.infer<typeof PostPageSchema>;

/** GET /api/posts/counts?client_id=: the client filter is the list's, so the counts match the lists. */
export const PostCountsQuerySchema = ListPostsQuerySchema.pick({ client_id: true });

/** GET /api/posts/counts: the tab counts, without loading posts. */
export const PostCountsSchema = z.object({
  scheduled: z.number().int().nonnegative(),
  posted: z.number().int().nonnegative(),
  approval: z.number().int().nonnegative(),
  drafts: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type PostCounts = z.infer<typeof PostCountsSchema>;

/** Calendar periods are at most a month view plus its leading and trailing weeks. */
export const CALENDAR_MAX_DAYS = 43;

/** GET /api/posts/calendar?from=&to=: scheduled-tab posts due in [from, to), soonest first. */
export const CalendarQuerySchema = z
  .object({ from: instantInput(), to: instantInput(), client_id: Ulid.optional() })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { message: 'The period must end after it starts' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= CALENDAR_MAX_DAYS * 86_400_000, { message: `The period can be at most ${CALENDAR_MAX_DAYS} days` });
export const CalendarResponseSchema = z.object({ items: z.array(PostSchema) });

/** GET /api/dashboard (docs/product-rules.md#dashboard). */
export const DASHBOARD_UPCOMING = 5;
export const DASHBOARD_RECENT = 3;
export const DashboardSchema = z.object({ upcoming: z.array(PostSchema), recent: z.array(PostSchema) });
export type Dashboard = z.infer<typeof DashboardSchema>;

export { SCHEDULED_IN_PAST_MESSAGE } from './statuses';

/**
 * POST /api/posts/{id}/publish: a draft published now, only as the version the user saw.
 * Two clicks (two tabs, a double tap) send the same version; the second finds it moved on and gets a 409.
 */
export const PublishDraftBodySchema = z.object({ version: z.number().int().positive() });
export type PublishDraftBody = z.input<typeof PublishDraftBodySchema>;
export const NOT_A_DRAFT_MESSAGE = 'Only a draft can be published from here; this post is no longer a draft.';
export const DRAFT_CHANGED_MESSAGE = 'This draft was changed or published meanwhile. Reload it and try again.';

/**
 * POST /api/posts/{id}/duplicate: a new draft copied from any post, with its own copies
 * of the media files. `left_out` names each target that was not copied and why (its account is gone
 * or disconnected, or the plan no longer includes the platform).
 */
export const LeftOutTargetSchema = z.object({ platform: z.enum(PLATFORMS), account_name: z.string(), reason: z.string() });
export type LeftOutTarget = z.infer<typeof LeftOutTargetSchema>;
export const DuplicatePostResponseSchema = z.object({ post: PostSchema, left_out: z.array(LeftOutTargetSchema) });
export type DuplicatePostResponse = z.infer<typeof DuplicatePostResponseSchema>;
export const NOTHING_TO_DUPLICATE_MESSAGE =
  "None of this post's accounts can be posted to now, so there is nothing to copy. Connect one again, then duplicate.";
