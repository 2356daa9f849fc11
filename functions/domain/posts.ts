import type * as z from 'zod';
import { captionProblem } from '@shared/compose';
import { mediaRuleProblems, type MediaFacts, type MediaRuleOptions } from '@shared/media-rules';
import { UsageSchema, type Usage } from '@shared/entitlements';
import { MSG } from '@shared/messages';
import { planLimitMessage, upgradeForMorePostsMessage, type Plan } from '@shared/plans';
import { PLATFORM_NAMES, withShortsSuffix } from '@shared/platforms';
import {
  DASHBOARD_RECENT,
  DASHBOARD_UPCOMING,
  ALREADY_RETRYING_MESSAGE,
  NOTHING_TO_RETRY_MESSAGE,
  PostSchema,
  PostTargetSchema,
  SCHEDULED_IN_PAST_MESSAGE,
  type CalendarQuerySchema,
  type Dashboard,
  type ListPostsQuerySchema,
  type Post,
  type PostCounts,
  type PostCountsQuerySchema,
  type PostPage,
  type PostTarget,
  type RetryPostBodySchema,
  DRAFT_CHANGED_MESSAGE,
  NOT_A_DRAFT_MESSAGE,
  NOTHING_TO_DUPLICATE_MESSAGE,
  type LeftOutTarget,
  type PublishDraftBodySchema,
} from '@shared/posts';
import {
  type CreatePostBodySchema,
  type CaptionsUpdateBodySchema,
  type FullUpdateBodySchema,
  isFullUpdate,
  type UpdatePostBodySchema,
  type PublishNowBodySchema,
} from '@shared/post-bodies';
import { EDITABLE_STATUSES, POST_TABS } from '@shared/statuses';
import type { SocialAccount } from '@shared/accounts';
import { listConnections } from '../data/connections';
import { attachMediaToPost, copyMediaToPost, deleteMediaOfPost, getMediaRows, mediaFactsOf, mediaItemFor, storedMediaOf, withAltText } from '../data/media';
import {
  countTab,
  deletePostItem,
  getPost as getPostRecord,
  isUsersClient,
  listCalendarBetween,
  listTabPage,
  putNewPost,
  replacePost,
  assertPostFits,
  type PostRecord,
  type StoredMedia,
} from '../data/posts';
import { deletePostActivity } from '../data/post-activity';
import { claimUsage, getUsageCount, releaseUsage } from '../data/usage';
import { defaultDeps, type Deps } from '../lib/clock';
import { APPROVAL_MSG } from '@shared/approvals';
import { ConflictError, DependencyError, ForbiddenError, NotFoundError, PlanError, ValidationError } from '../lib/errors';
import { logger } from '../lib/logger';
import { profileUrl } from '../platforms/profile-urls';
import { UNKNOWN_OUTCOME_MESSAGE, type EngineTarget } from '../publishing/model';
import { removeSchedule, scheduleDispatch } from '../publishing/wiring';
import { clientReviewView } from './client-review';
import type { ScheduleBefore } from './webhooks';
import { assertPlanAllows, currentPlan } from './entitlements';
import { randomPart } from './media';
import { assertTikTokTargetsPostable, tiktokMediaRuleOptions } from './tiktok-posting';

/** Posts: compose, edit, delete and the read models of the Posts, Schedule and Dashboard views. */
export const NOT_EDITABLE_MESSAGE = 'Only scheduled posts and drafts can be edited';
export const UNKNOWN_CLIENT_MESSAGE = 'That client was not found in your clients';
export const DUPLICATE_ACCOUNT_MESSAGE = 'Each account can be selected only once per post';

export const NOT_SCHEDULED_MESSAGE = "We couldn't schedule this post right now, so it was saved as a draft. Please schedule it again.";

/**
 * Keeps the post's EventBridge schedule in step after a write (docs/publishing.md#schedule); `before` is
 * the post as it was (null: new), for the `post.scheduled` webhook (docs/webhooks.md#events). If the schedule
 * can't be made, the post is turned into a draft before the error reaches the user: a post never
 * claims to be scheduled without a schedule that will publish it.
 */
export async function syncSchedule(userId: string, post: PostRecord, before: ScheduleBefore, deps: Deps): Promise<PostRecord> {
  if (post.status !== 'scheduled') {
    await removeSchedule(post.id);
    return post;
  }
  try {
    await scheduleDispatch(userId, post, before, deps);
    return post;
  } catch (error) {
    logger.error('Could not schedule a post; keeping it as a draft', { postId: post.id, error });
    const draft: PostRecord = { ...post, status: 'draft', scheduled_at: null, version: post.version + 1, updated_at: deps.now().toISOString() };
    await replacePost(userId, draft, { version: post.version, status: 'scheduled' }).catch(() => undefined);
    throw new DependencyError(NOT_SCHEDULED_MESSAGE, { cause: error });
  }
}

// ---------------------------------------------------------------------------------------------
// Rules (pure)

/** The calendar month (UTC) a post scheduled at `now` counts against: yyyy-mm. */
export const monthOf = (now: Date) => now.toISOString().slice(0, 7);

/**
 * A time makes the post scheduled (stored in UTC), none makes it a draft (docs/product-rules.md#scheduling-rules). A time before
 * now is refused.
 */
export function scheduleFrom(scheduledAt: string | null | undefined, now: Date): { status: 'scheduled' | 'draft'; scheduled_at: string | null } {
  if (!scheduledAt) return { status: 'draft', scheduled_at: null };
  const at = new Date(scheduledAt);
  if (at.getTime() < now.getTime()) throw new ValidationError(SCHEDULED_IN_PAST_MESSAGE);
  return { status: 'scheduled', scheduled_at: at.toISOString() };
}

/**
 * Refuses a post whose media a selected platform would refuse (shared/media-rules.ts, the same rules
 * the compose form shows under each platform): the first problem, in the product's platform order.
 */
export function assertMediaRules(
  platforms: readonly (Pick<PostTarget, 'platform'> & { readonly settings?: PostTarget['settings'] })[],
  media: readonly MediaFacts[],
  /** The post's title: a LinkedIn document is published under it. */
  title: string | null | undefined,
  options: MediaRuleOptions = { ...tiktokMediaRuleOptions(platforms), title },
): void {
  const [problem] = mediaRuleProblems(
    platforms.map((t) => t.platform),
    media,
    options,
  );
  if (problem) throw new ValidationError(problem.message, { title: MEDIA_RULE_TITLE, platform: problem.platform });
}
export const MEDIA_RULE_TITLE = 'Not accepted by the platform';

/** Checks one compose target against the user's accounts and plan and builds the stored target. */
export function targetFor(
  target: z.output<typeof CreatePostBodySchema>['platforms'][number],
  accounts: SocialAccount[],
  plan: Plan,
  newId: () => string,
): PostTarget {
  const account = accounts.find((a) => a.id === target.social_account_id && a.platform === target.platform);
  if (!account) throw new ValidationError(MSG.connectAccounts);
  if (!account.is_connected)
    throw new ValidationError(`Your ${PLATFORM_NAMES[account.platform]} account ${account.account_name} is not connected. Connect it again to post.`);
  assertPlanAllows(plan, account.platform);
  return {
    id: newId(),
    platform: account.platform,
    social_account_id: account.id,
    account_name: account.account_name,
    account_id: account.account_id,
    caption: target.caption,
    settings: target.settings,
    status: 'pending',
    post_url: null,
    posted_at: null,
    error_message: null,
  };
}

// ---------------------------------------------------------------------------------------------
// Reads

export async function present(post: PostRecord): Promise<Post> {
  const media = await Promise.all(post.media.map((m) => mediaItemFor({ ...m, post_id: post.id })));
  const platforms = post.platforms.map((target) => ({ ...target, profile_url: profileUrl(target) }));
  return PostSchema.parse({ ...post, media, platforms, client_review: clientReviewView(post) });
}

export async function getPost(userId: string, id: string): Promise<Post> {
  const post = await getPostRecord(userId, id);
  if (!post) throw new NotFoundError('Post not found');
  return present(post);
}

export async function listPosts(userId: string, query: z.output<typeof ListPostsQuerySchema>): Promise<PostPage> {
  const page = await listTabPage(userId, query.tab, { limit: query.limit, cursor: query.cursor, clientId: query.client_id });
  return { items: await Promise.all(page.items.map(present)), nextCursor: page.cursor };
}

/** The number on each Posts tab; with a client, only that client's posts (as the filtered lists show). */
export async function countPosts(userId: string, query: z.output<typeof PostCountsQuerySchema> = {}): Promise<PostCounts> {
  const counts = await Promise.all(POST_TABS.map((tab) => countTab(userId, tab.id, query.client_id)));
  return Object.fromEntries(POST_TABS.map((tab, i) => [tab.id, counts[i]])) as PostCounts;
}

export async function listCalendar(userId: string, query: z.output<typeof CalendarQuerySchema>): Promise<Post[]> {
  const from = new Date(query.from).toISOString();
  const to = new Date(query.to).toISOString();
  return Promise.all((await listCalendarBetween(userId, from, to, query.client_id)).map(present));
}

export async function getDashboard(userId: string): Promise<Dashboard> {
  const [upcoming, recent] = await Promise.all([
    listTabPage(userId, 'scheduled', { limit: DASHBOARD_UPCOMING }),
    listTabPage(userId, 'posted', { limit: DASHBOARD_RECENT }),
  ]);
  return { upcoming: await Promise.all(upcoming.items.map(present)), recent: await Promise.all(recent.items.map(present)) };
}

export async function getUsage(userId: string, deps: Deps = defaultDeps): Promise<Usage> {
  const now = deps.now();
  const month = monthOf(now);
  const [plan, used] = await Promise.all([currentPlan(userId, now), getUsageCount(userId, month)]);
  return UsageSchema.parse({ month, used, limit: plan.postLimit, plan: plan.id });
}

// ---------------------------------------------------------------------------------------------
// Writes

/** Takes one scheduled post from this month's allowance, or refuses with the plan-limit error. */
export async function claimMonthlyPost(userId: string, plan: Plan, now: Date): Promise<string> {
  const month = monthOf(now);
  if (!(await claimUsage(userId, month, plan.postLimit))) {
    throw new PlanError('PLAN_LIMIT_REACHED', planLimitMessage(plan.postLimit), { limit: plan.postLimit, upgrade: upgradeForMorePostsMessage(plan.id) });
  }
  return month;
}

/** Runs a write that follows a usage claim; if it fails, the claim is given back. */
export async function withClaim<T>(userId: string, month: string | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (month) await releaseUsage(userId, month);
    throw error;
  }
}

/**
 * A new post as stored, version 1, from targets and media already checked: how Compose, bulk import
 * and each occurrence of a series make one. YouTube's title gets its " #shorts" here.
 */
export function newPostRecord(
  input: {
    title: string | null | undefined;
    platforms: PostTarget[];
    media: StoredMedia[];
    clientId: string | null;
    status: 'scheduled' | 'draft' | 'pending_approval';
    scheduled_at: string | null;
    usageMonth: string | null;
  },
  now: Date,
  deps: Pick<Deps, 'newId'>,
): PostRecord {
  const onYouTube = input.platforms.some((t) => t.platform === 'youtube');
  const title = input.title?.trim() || null;
  return {
    id: deps.newId(),
    title: onYouTube && title ? withShortsSuffix(title) : title,
    status: input.status,
    scheduled_at: input.scheduled_at,
    published_at: null,
    error_message: null,
    youtube_type: onYouTube ? 'shorts' : null,
    client_id: input.clientId,
    version: 1,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    usage_month: input.usageMonth,
    media: input.media,
    platforms: input.platforms,
  };
}

/**
 * Who is writing, for the approval rule (docs/approvals.md): when what they schedule needs approval,
 * a post given a time waits as `pending_approval` (no schedule, no usage) instead of being scheduled,
 * and a post already scheduled is not theirs to change. Callers that pass nothing schedule directly.
 */
export interface ApprovalOptions {
  readonly needsApproval?: boolean;
  /** The person writing (a user id): kept as the post's author, and on a post they send for approval. */
  readonly submittedBy?: string;
}

/** A schedule as the writer may have it: scheduled directly, or waiting for approval at that time. */
function asWriterMay(
  schedule: ReturnType<typeof scheduleFrom>,
  options: ApprovalOptions,
): { status: 'scheduled' | 'draft' | 'pending_approval'; scheduled_at: string | null } {
  return options.needsApproval && schedule.status === 'scheduled' ? { ...schedule, status: 'pending_approval' } : schedule;
}

/** What a post waiting for approval carries about it; a new submission clears an earlier review comment. */
function approvalFields(status: PostRecord['status'], options: ApprovalOptions): Partial<PostRecord> {
  return status === 'pending_approval' ? { submitted_by: options.submittedBy ?? null, review_comment: null } : {};
}

export async function createPost(
  userId: string,
  body: z.output<typeof CreatePostBodySchema>,
  deps: Deps = defaultDeps,
  options: ApprovalOptions = {},
): Promise<Post> {
  const now = deps.now();
  const schedule = asWriterMay(scheduleFrom(body.scheduled_at, now), options);
  assertTikTokTargetsPostable(body.platforms);
  const [plan, accounts] = await Promise.all([currentPlan(userId, now), listConnections(userId)]);
  const platforms = body.platforms.map((target) => targetFor(target, accounts, plan, deps.newId));
  if (new Set(platforms.map((t) => t.social_account_id)).size !== platforms.length) throw new ValidationError(DUPLICATE_ACCOUNT_MESSAGE);
  if (body.client_id && !(await isUsersClient(userId, body.client_id))) throw new ValidationError(UNKNOWN_CLIENT_MESSAGE);
  const mediaRows = body.media_ids.length > 0 ? await getMediaRows(userId, body.media_ids) : [];
  // Each platform's media rules at compose time, not at publish time; nothing written yet.
  assertMediaRules(platforms, mediaRows.map(mediaFactsOf), body.title);
  const usageMonth = schedule.status === 'scheduled' ? monthOf(now) : null;
  const post = {
    ...newPostRecord(
      {
        title: body.title,
        platforms,
        media: mediaRows.map((row) => storedMediaOf(row, body.media_alt?.[row.id])),
        clientId: body.client_id ?? null,
        ...schedule,
        usageMonth,
      },
      now,
      deps,
    ),
    ...approvalFields(schedule.status, options),
    ...(options.submittedBy ? { created_by: options.submittedBy } : {}),
  };
  // Too large to store: refused before this month's allowance is touched.
  assertPostFits(userId, post);
  if (usageMonth) await claimMonthlyPost(userId, plan, now);
  await withClaim(userId, usageMonth, async () => {
    await putNewPost(userId, post);
    if (mediaRows.length === 0) return;
    // A file taken by another post meanwhile: undo this post rather than keep it without its media.
    await attachMediaToPost(userId, body.media_ids, post.id).catch(async (error: unknown) => {
      await deletePostItem(userId, post.id);
      throw error;
    });
  });
  if (post.status === 'scheduled') await syncSchedule(userId, post, null, deps);
  return present(post);
}

export async function updatePost(
  userId: string,
  id: string,
  body: z.output<typeof UpdatePostBodySchema>,
  deps: Deps = defaultDeps,
  options: ApprovalOptions = {},
): Promise<Post> {
  const now = deps.now();
  const old = await getPostRecord(userId, id);
  if (!old) throw new NotFoundError('Post not found');
  if (!EDITABLE_STATUSES.includes(old.status)) throw new ConflictError(NOT_EDITABLE_MESSAGE);
  // A scheduled post was approved (or scheduled by someone who may): only those who schedule directly change it.
  if (options.needsApproval && old.status === 'scheduled') throw new ForbiddenError('NEEDS_APPROVAL', APPROVAL_MSG.scheduledNeedsEditor);
  const schedule = asWriterMay(scheduleFrom(body.scheduled_at, now), options);
  const edit = isFullUpdate(body)
    ? await fullEdit(userId, old, body, now, deps)
    : { ...captionsEdit(old, body), added: [] as string[], removed: [] as StoredMedia[] };

  // A draft (or a post waiting for approval) becoming scheduled counts against this month, unless it already did.
  const counts = old.status !== 'scheduled' && schedule.status === 'scheduled' && old.usage_month !== monthOf(now);
  const usageMonth = counts ? monthOf(now) : null;
  const post: PostRecord = {
    ...old,
    ...schedule,
    ...edit.changes,
    ...approvalFields(schedule.status, options),
    version: old.version + 1,
    updated_at: now.toISOString(),
    usage_month: usageMonth ?? old.usage_month,
  };
  // The edited post must still be one its platforms accept; nothing written otherwise.
  assertMediaRules(post.platforms, post.media.map(mediaFactsOf), post.title);
  assertPostFits(userId, post);
  if (usageMonth) await claimMonthlyPost(userId, edit.plan ?? (await currentPlan(userId, now)), now);
  let saved = post;
  await withClaim(userId, usageMonth, async () => {
    saved = await replacePost(userId, post, { version: old.version, status: old.status });
    if (edit.added.length === 0) return;
    // A file taken by another post meanwhile: put the post back as it was rather than keep it without its media.
    await attachMediaToPost(userId, edit.added, post.id).catch(async (error: unknown) => {
      await replacePost(userId, { ...old, version: post.version + 1, updated_at: now.toISOString() }, { version: post.version, status: post.status }).catch(
        () => undefined,
      );
      throw error;
    });
  });
  await syncSchedule(userId, post, old, deps);
  // Files taken off the post go once it is saved; one left behind is only storage, never a wrong post.
  await deleteMediaOfPost(
    userId,
    edit.removed.map((m) => ({ ...m, post_id: old.id })),
  ).catch((error: unknown) => logger.warn('Could not delete media removed from a post', { postId: old.id, error }));
  return present(saved);
}

/** The older edit: captions by target id, nothing else of the post changes. */
function captionsEdit(old: PostRecord, body: z.output<typeof CaptionsUpdateBodySchema>): { changes: Partial<PostRecord>; plan?: Plan } {
  const captions = new Map(body.platforms.map((p) => [p.id, p.caption]));
  for (const [targetId, caption] of captions) {
    const target = old.platforms.find((t) => t.id === targetId);
    if (!target) throw new ValidationError('This post has no such platform to edit');
    const problem = captionProblem(target.platform, caption);
    if (problem) throw new ValidationError(problem.message, { title: problem.title });
  }
  return { changes: { platforms: old.platforms.map((t) => (captions.has(t.id) ? { ...t, caption: captions.get(t.id)! } : t)) } };
}

/**
 * The full edit: the post is rebuilt from the Compose form's values with the create
 * rules (accounts connected and on the plan, one target per account, TikTok's rules, media rules).
 * A target for an account the post already had keeps its id; media already on the post stays
 * attached, new files are checked as on create, and files left out are returned for deletion.
 */
async function fullEdit(userId: string, old: PostRecord, body: z.output<typeof FullUpdateBodySchema>, now: Date, deps: Deps) {
  assertTikTokTargetsPostable(body.platforms);
  const [plan, accounts] = await Promise.all([currentPlan(userId, now), listConnections(userId)]);
  const platforms = body.platforms.map((target) => {
    const kept = old.platforms.find((t) => t.social_account_id === target.social_account_id && t.platform === target.platform);
    // A target that already went out (a retried post saved as a draft) is never reopened by an edit.
    if (kept?.status === 'posted') return kept;
    return { ...targetFor(target, accounts, plan, deps.newId), ...(kept ? { id: kept.id } : {}) };
  });
  if (new Set(platforms.map((t) => t.social_account_id)).size !== platforms.length) throw new ValidationError(DUPLICATE_ACCOUNT_MESSAGE);
  if (body.client_id && body.client_id !== old.client_id && !(await isUsersClient(userId, body.client_id))) throw new ValidationError(UNKNOWN_CLIENT_MESSAGE);
  const { media, added, removed } = await mediaOfEdit(userId, old.media, body.media_ids, body.media_alt);
  const onYouTube = platforms.some((t) => t.platform === 'youtube');
  const title = body.title?.trim() || null;
  const changes: Partial<PostRecord> = {
    platforms,
    media,
    title: onYouTube && title ? withShortsSuffix(title) : title,
    youtube_type: onYouTube ? 'shorts' : null,
    client_id: body.client_id ?? null,
  };
  return { changes, plan, added, removed };
}

/**
 * A post's media after an edit that lists `mediaIds`: files already on the post stay as they are,
 * new ones must be the user's unattached uploads (checked as on create); `removed` are those left out.
 * Each file's alt text is the edit's (the form sends the whole post: a file it gives none has none).
 */
export async function mediaOfEdit(userId: string, current: readonly StoredMedia[], mediaIds: readonly string[], alts: Record<string, string> = {}) {
  const ids = [...new Set(mediaIds)];
  const onPost = new Map(current.map((m) => [m.id, m]));
  const added = ids.filter((mediaId) => !onPost.has(mediaId));
  const addedRows = new Map((added.length > 0 ? await getMediaRows(userId, added) : []).map((row) => [row.id, storedMediaOf(row)]));
  const media = ids.map((mediaId) => withAltText(onPost.get(mediaId) ?? addedRows.get(mediaId)!, alts[mediaId]));
  return { media, added, removed: current.filter((m) => !ids.includes(m.id)) };
}

/** Publishing states a retry of the same post may already be in. */
const PUBLISHING_STATUSES: readonly string[] = ['scheduled', 'queued', 'publishing'];

/**
 * Publishes a failed post's failed targets again, through the same engine as any
 * scheduled post: a new version, the post's one schedule (or a dispatch straight away when due now),
 * and only the failed targets open again. Targets that went out stay settled, and the dispatcher and
 * publisher send only open targets, so a retry never posts twice where a post already went out.
 *
 * A retry is not a new post: it does not count against the plan's monthly allowance, which the post
 * already took when it was first scheduled (the plan counts posts, not attempts). The route's own
 * rate limit bounds retries.
 */
export async function retryPost(userId: string, id: string, body: z.output<typeof RetryPostBodySchema>, deps: Deps = defaultDeps): Promise<Post> {
  const now = deps.now();
  const old = await getPostRecord(userId, id);
  if (!old) throw new NotFoundError('Post not found');
  if (PUBLISHING_STATUSES.includes(old.status)) throw new ConflictError(ALREADY_RETRYING_MESSAGE);
  const failed = old.platforms.filter((t) => t.status === 'failed');
  if (old.status !== 'failed' || failed.length === 0) throw new ConflictError(NOTHING_TO_RETRY_MESSAGE);
  const scheduledAt = body.scheduled_at ? scheduleFrom(body.scheduled_at, now).scheduled_at! : now.toISOString();

  // What would fail again for a reason the user must fix first is refused now, with nothing written.
  const [plan, accounts] = await Promise.all([currentPlan(userId, now), listConnections(userId)]);
  for (const target of failed) {
    const account = accounts.find((a) => a.id === target.social_account_id);
    if (!account)
      throw new ValidationError(`The ${PLATFORM_NAMES[target.platform]} account ${target.account_name} is no longer connected. Connect it again, then retry.`);
    if (!account.is_connected)
      throw new ValidationError(`Your ${PLATFORM_NAMES[target.platform]} account ${account.account_name} is not connected. Connect it again to post.`);
    assertPlanAllows(plan, target.platform);
  }

  const post: PostRecord = {
    ...old,
    status: 'scheduled',
    scheduled_at: scheduledAt,
    error_message: null,
    version: old.version + 1,
    updated_at: now.toISOString(),
    platforms: old.platforms.map((t) => (t.status === 'failed' ? reopened(t as EngineTarget) : t)),
  };
  assertPostFits(userId, post);
  // Conditioned on the failed version read above: of two retries at once, the second gets a 409.
  await replacePost(userId, post, { version: old.version, status: old.status }).catch((error: unknown) => {
    throw error instanceof ConflictError ? new ConflictError(ALREADY_RETRYING_MESSAGE, { cause: error }) : error;
  });
  await syncSchedule(userId, post, old, deps);
  return present(post);
}

/**
 * A failed target made pending again, without the engine's lease and attempt count. Its checkpoint is
 * kept only when the outcome was unknown (the platform may have acted): the adapter then looks for
 * that post before creating another. Any other failure starts afresh (an old container or upload
 * session would only fail again).
 */
function reopened(target: EngineTarget): PostTarget {
  const base = PostTargetSchema.parse({ ...target, status: 'pending', error_message: null, post_url: null, posted_at: null });
  return target.error_message === UNKNOWN_OUTCOME_MESSAGE && target.checkpoint ? ({ ...base, checkpoint: target.checkpoint } as PostTarget) : base;
}

/** Any post can be deleted (docs/product-rules.md#post-statuses); its media files and rows go with it. */
export async function deletePost(userId: string, id: string): Promise<void> {
  const old = await deletePostItem(userId, id);
  await deleteMediaOfPost(
    userId,
    old.media.map((m) => ({ ...m, post_id: old.id })),
  );
  await removeSchedule(old.id);
  // Its history goes with it; one left behind is only storage, never shown (its post is gone).
  await deletePostActivity(userId, old.id).catch((error: unknown) => logger.warn('Could not delete the history of a deleted post', { postId: old.id, error }));
}

// ---------------------------------------------------------------------------------------------
// Publish now and duplicate (items 1 and 8)

/**
 * "Publish now" from Compose: the post is created scheduled for the server's now and, its
 * schedule time being already past, dispatched by this request (`scheduleDispatch`), so it goes through
 * the same engine as any scheduled post: exactly once, an outcome per platform, a notification each.
 * It counts against the month's allowance like any scheduled post. The clock is read once, so the
 * due time is never "in the past" by the time the create rules look at it.
 */
export async function publishNow(userId: string, body: z.output<typeof PublishNowBodySchema>, deps: Deps = defaultDeps, author?: string): Promise<Post> {
  const at = deps.now();
  return createPost(userId, { ...body, scheduled_at: at.toISOString() }, { ...deps, now: () => at }, { submittedBy: author });
}

/**
 * "Publish now" on a draft. Only the version the user saw is published, with a write
 * conditioned on that version and on the post still being a draft: of two clicks, one publishes and
 * the other gets a 409, and no usage is kept for the loser (its claim is given back). The create rules
 * are checked again (captions, TikTok, accounts connected and on the plan, media), since a draft may
 * have waited while an account was disconnected or the plan changed; nothing is written on refusal.
 */
export async function publishDraft(userId: string, id: string, body: z.output<typeof PublishDraftBodySchema>, deps: Deps = defaultDeps): Promise<Post> {
  const now = deps.now();
  const old = await getPostRecord(userId, id);
  if (!old) throw new NotFoundError('Post not found');
  if (old.status !== 'draft') throw new ConflictError(NOT_A_DRAFT_MESSAGE);
  if (old.version !== body.version) throw new ConflictError(DRAFT_CHANGED_MESSAGE);
  for (const target of old.platforms) {
    const problem = captionProblem(target.platform, target.caption);
    if (problem) throw new ValidationError(problem.message, { title: problem.title });
  }
  assertTikTokTargetsPostable(old.platforms);
  const [plan, accounts] = await Promise.all([currentPlan(userId, now), listConnections(userId)]);
  const platforms = old.platforms.map((t) => ({ ...targetFor(t, accounts, plan, deps.newId), id: t.id }));
  if (platforms.length === 0) throw new ValidationError(MSG.selectPlatform);
  assertMediaRules(platforms, old.media.map(mediaFactsOf), old.title);

  const usageMonth = old.usage_month === monthOf(now) ? null : monthOf(now);
  const post: PostRecord = {
    ...old,
    platforms,
    status: 'scheduled',
    scheduled_at: now.toISOString(),
    error_message: null,
    version: old.version + 1,
    updated_at: now.toISOString(),
    usage_month: usageMonth ?? old.usage_month,
  };
  assertPostFits(userId, post);
  if (usageMonth) await claimMonthlyPost(userId, plan, now);
  await withClaim(userId, usageMonth, () =>
    replacePost(userId, post, { version: old.version, status: 'draft' }).catch((error: unknown) => {
      throw error instanceof ConflictError ? new ConflictError(DRAFT_CHANGED_MESSAGE, { cause: error }) : error;
    }),
  );
  await syncSchedule(userId, post, old, deps);
  return present(post);
}

/**
 * Which of a post's targets a copy can keep: those whose account is still connected and
 * whose platform the plan includes, with the create rules' own check (`targetFor`); each other one is
 * left out with that check's message. Kept targets are fresh (pending, new id, nothing published).
 */
export function duplicableTargets(
  targets: readonly PostTarget[],
  accounts: SocialAccount[],
  plan: Plan,
  newId: () => string,
): { kept: PostTarget[]; leftOut: LeftOutTarget[] } {
  const kept: PostTarget[] = [];
  const leftOut: LeftOutTarget[] = [];
  for (const target of targets) {
    try {
      kept.push(
        targetFor(
          { platform: target.platform, social_account_id: target.social_account_id, caption: target.caption, settings: target.settings },
          accounts,
          plan,
          newId,
        ),
      );
    } catch (error) {
      if (!(error instanceof ValidationError || error instanceof PlanError)) throw error;
      leftOut.push({ platform: target.platform, account_name: target.account_name, reason: error.message });
    }
  }
  return { kept, leftOut };
}

/**
 * Duplicates any post (scheduled, posted, draft, failed) into a new draft: title, captions,
 * per-platform settings, the targets that can still post, the client, and media. Media are stored per
 * post (a row names its one post), so the copy gets its own files, copied in the bucket: deleting
 * either post deletes only its own. A draft costs no allowance; the route's rate limit bounds copies.
 */
export async function duplicatePost(userId: string, id: string, deps: Deps = defaultDeps): Promise<{ post: Post; left_out: LeftOutTarget[] }> {
  const now = deps.now();
  const old = await getPostRecord(userId, id);
  if (!old) throw new NotFoundError('Post not found');
  const [plan, accounts] = await Promise.all([currentPlan(userId, now), listConnections(userId)]);
  const { kept, leftOut } = duplicableTargets(old.platforms, accounts, plan, deps.newId);
  if (kept.length === 0) throw new ValidationError(NOTHING_TO_DUPLICATE_MESSAGE, { left_out: leftOut });
  assertTikTokTargetsPostable(kept);
  assertMediaRules(kept, old.media.map(mediaFactsOf), old.title);
  const clientId = old.client_id && (await isUsersClient(userId, old.client_id)) ? old.client_id : null;
  const postId = deps.newId();
  const draft: PostRecord = {
    id: postId,
    title: old.title,
    status: 'draft',
    scheduled_at: null,
    published_at: null,
    error_message: null,
    youtube_type: kept.some((t) => t.platform === 'youtube') ? 'shorts' : null,
    client_id: clientId,
    version: 1,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    usage_month: null,
    media: [],
    platforms: kept,
  };
  assertPostFits(userId, { ...draft, media: old.media });
  const media = await copyMediaToPost(userId, old.media, postId, now, randomPart);
  const post = { ...draft, media };
  await putNewPost(userId, post).catch(async (error: unknown) => {
    await deleteMediaOfPost(
      userId,
      media.map((m) => ({ ...m, post_id: postId })),
    ).catch(() => undefined);
    throw error;
  });
  return { post: await present(post), left_out: leftOut };
}
