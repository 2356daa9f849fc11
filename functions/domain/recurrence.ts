import { formatInTimeZone, fromZonedTime, getTimezoneOffset } from 'date-fns-tz';
import type * as z from 'zod';
import type { SocialAccount } from '@shared/accounts';
import { isCalendarDate } from '@shared/dates';
import { planLimitMessage, upgradeForMorePostsMessage, type Plan } from '@shared/plans';
import { type Post } from '@shared/posts';
import { isFullUpdate, UpdatePostBodySchema, type CreatePostBodySchema } from '@shared/post-bodies';
import {
  describeRepeat,
  MAX_REPEAT_YEARS,
  REPEAT_MESSAGES,
  WEEKDAYS,
  type Repeat,
  type SeriesDeleteQuerySchema,
  type SeriesEditBodySchema,
  type SeriesView,
  type Weekday,
} from '@shared/recurrence';
import { mondayFirstIndex } from '@shared/weekdays';
import * as rrulePackage from 'rrule';
import { listConnections } from '../data/connections';
import { attachMediaToPost, copyMediaToPost, deleteMediaOfPost, detachMedia, getMediaRows, mediaFactsOf, storedMediaOf } from '../data/media';
import { assertPostFits, deletePostItem, getPost as getPostRecord, isUsersClient, putNewPost, type PostRecord, type StoredMedia } from '../data/posts';
import {
  deleteSeriesItem,
  getSeries,
  leaseSeries,
  listDueSeries,
  markOccurrenceDetached,
  putNewSeries,
  saveSeries,
  SERIES_BUSY_MESSAGE,
  seriesMediaOwner,
  type SeriesRecord,
} from '../data/recurrence';
import { claimUsage, releaseUsage } from '../data/usage';
import { getSessionGate, getSettings } from '../data/users';
import { defaultDeps, type Deps } from '../lib/clock';
import { AppError, ConflictError, DependencyError, NotFoundError, PlanError, ValidationError } from '../lib/errors';
import { logger } from '../lib/logger';
import { scheduleDispatch } from '../publishing/wiring';
import { currentPlan } from './entitlements';
import { randomPart } from './media';
import {
  assertMediaRules,
  deletePost,
  DUPLICATE_ACCOUNT_MESSAGE,
  getPost,
  mediaOfEdit,
  monthOf,
  newPostRecord,
  scheduleFrom,
  targetFor,
  UNKNOWN_CLIENT_MESSAGE,
  updatePost,
} from './posts';
import { notifyWorkspace } from './notifications';
import { assertTikTokTargetsPostable } from './tiktok-posting';

/**
 * Recurring and evergreen posts (docs/recurring-posts.md). A series is an RFC 5545
 * rule read in the user's timezone; its occurrences are made into real scheduled posts a rolling
 * window ahead (WINDOW_DAYS, and always the next one), each claiming the allowance of the month it
 * is due in, and each published by the same engine as any post. The recurrence sweep extends the
 * window as occurrences go out.
 */

// rrule ships CommonJS as `main` and ESM as `module`: Node's ESM loader sees only a default export,
// bundlers see named ones. Either way, the same RRule.
type RRulePackage = typeof rrulePackage;
const { RRule } = (rrulePackage as unknown as { RRule?: unknown }).RRule ? rrulePackage : (rrulePackage as unknown as { default: RRulePackage }).default;

/** How far ahead occurrences are scheduled as posts; at least the next one always is. */
export const WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;
/** A paused series is looked at again by the next sweep (hourly). */
export const SWEEP_EVERY_MINUTES = 60;
/** An occurrence due sooner than this when its turn comes is missed, not published late. */
const LEAD_MS = 60_000;
const MAX_MISSED_KEPT = 50;
const MAX_UPCOMING = 20;

// ---------------------------------------------------------------------------------------------
// The rule (pure)

export interface SeriesRule {
  repeat: Repeat;
  timezone: string;
  /** The first occurrence, UTC. */
  starts_at: string;
}

const WALL = "yyyy-MM-dd'T'HH:mm:ss";
/** The wall-clock time of `at` in `timezone`, as a "floating" Date whose UTC fields are that wall time. */
const wallOf = (at: Date, timezone: string) => new Date(`${formatInTimeZone(at, timezone, WALL)}Z`);
/**
 * The instant a floating wall-clock time is in `timezone`. A time the spring change skips (02:30 in
 * Berlin on the last Sunday of March) does not exist: it moves forward by the gap (03:30), read with
 * the offset from before the change, as calendar apps do.
 */
function instantOf(wall: Date, timezone: string): Date {
  const local = wall.toISOString().slice(0, 19);
  const instant = fromZonedTime(local, timezone);
  if (formatInTimeZone(instant, timezone, WALL) === local) return instant;
  return new Date(wall.getTime() - getTimezoneOffset(timezone, new Date(instant.getTime() - 6 * 3_600_000)));
}
const weekdayOfWall = (wall: Date): Weekday => WEEKDAYS[mondayFirstIndex(wall)];

function rruleOf(rule: SeriesRule) {
  const dtstart = wallOf(new Date(rule.starts_at), rule.timezone);
  const { repeat } = rule;
  const freq = { daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY }[repeat.frequency];
  const days = repeat.frequency === 'weekly' ? (repeat.weekdays.length ? repeat.weekdays : [weekdayOfWall(dtstart)]) : undefined;
  return {
    dtstart,
    rrule: new RRule({
      freq,
      interval: repeat.interval,
      dtstart,
      byweekday: days?.map((d) => RRule[d]),
      count: repeat.end.type === 'after' ? repeat.end.count : undefined,
      until: repeat.end.type === 'on' ? new Date(`${repeat.end.date}T23:59:59Z`) : undefined,
    }),
  };
}

/**
 * The rule's first `n` occurrences, in UTC. The first is always the start (the post the user
 * scheduled), even when the chosen weekdays do not include its day; "after N times" counts it.
 */
export function occurrencesOf(rule: SeriesRule, n: number): Date[] {
  const { dtstart, rrule } = rruleOf(rule);
  const walls = rrule.all((_date, len) => len < n + 1).filter((d) => d.getTime() > dtstart.getTime());
  const all = [dtstart, ...walls];
  const limit = rule.repeat.end.type === 'after' ? Math.min(n, rule.repeat.end.count) : n;
  return all.slice(0, limit).map((wall) => instantOf(wall, rule.timezone));
}

/** The readable summary of a rule ("Every Monday and Thursday at 09:00, 10 times"). */
export function summaryOf(rule: SeriesRule): string {
  const wall = wallOf(new Date(rule.starts_at), rule.timezone);
  return describeRepeat(rule.repeat, { date: wall.toISOString().slice(0, 10), time: wall.toISOString().slice(11, 16), weekday: weekdayOfWall(wall) });
}

/** Refuses a rule that cannot make a series: an end before the start, too far ahead, or nothing after the first. */
export function assertRuleUsable(rule: SeriesRule, { needsSecond = true } = {}): void {
  const startDay = wallOf(new Date(rule.starts_at), rule.timezone).toISOString().slice(0, 10);
  const { end } = rule.repeat;
  if (end.type === 'on') {
    if (!isCalendarDate(end.date)) throw new ValidationError(REPEAT_MESSAGES.untilFormat);
    if (end.date <= startDay) throw new ValidationError(REPEAT_MESSAGES.untilAfterStart);
    const latest = new Date(`${startDay}T00:00:00Z`);
    latest.setUTCFullYear(latest.getUTCFullYear() + MAX_REPEAT_YEARS);
    if (end.date > latest.toISOString().slice(0, 10)) throw new ValidationError(REPEAT_MESSAGES.untilTooFar);
  }
  if (needsSecond && occurrencesOf(rule, 2).length < 2) throw new ValidationError(REPEAT_MESSAGES.noOccurrence);
}

const ruleOf = (series: SeriesRecord): SeriesRule => ({ repeat: series.repeat, timezone: series.timezone, starts_at: series.starts_at });
/** The occurrence with absolute index `index` (the rule restarts at `base_index` after an "all following" edit). */
function occurrenceAt(series: SeriesRecord, index: number): Date | null {
  const rel = index - series.base_index;
  return occurrencesOf(ruleOf(series), rel + 1)[rel] ?? null;
}

export function viewOf(series: SeriesRecord): SeriesView {
  const next = series.status === 'ended' ? null : occurrenceAt(series, series.next_index);
  return {
    id: series.id,
    repeat: series.repeat,
    timezone: series.timezone,
    starts_at: series.starts_at,
    summary: summaryOf(ruleOf(series)),
    status: series.status,
    notice: series.notice,
    missed: series.missed,
    next_at: next?.toISOString() ?? null,
    upcoming: series.upcoming,
    updated_at: series.updated_at,
  };
}

// ---------------------------------------------------------------------------------------------
// Occurrences into posts

export interface Context {
  plan: Plan;
  connections: SocialAccount[];
}

/**
 * What making an occurrence reads and writes, injected (docs/architecture.md#conventions) so a
 * series' rules are tested without a table or a bucket; `occurrenceStore` is the real one.
 */
export interface OccurrenceStore {
  context(userId: string, now: Date): Promise<Context>;
  claimUsage(userId: string, month: string, limit: number): Promise<boolean>;
  releaseUsage(userId: string, month: string): Promise<void>;
  /** Copies files (S3 copies and their media rows, attached to `owner`); on a failure nothing copied is left. */
  copyMedia(userId: string, media: readonly StoredMedia[], owner: string, now: Date): Promise<StoredMedia[]>;
  /** Deletes files and their media rows (an occurrence's copies, or a template). */
  deleteMedia(userId: string, media: readonly StoredMedia[], owner: string): Promise<void>;
  putPost(userId: string, post: PostRecord): Promise<void>;
  deletePostItem(userId: string, postId: string): Promise<void>;
  schedule(userId: string, post: PostRecord, deps: Deps): Promise<void>;
}

export const occurrenceStore: OccurrenceStore = {
  context: async (userId, now) => {
    const [plan, connections] = await Promise.all([currentPlan(userId, now), listConnections(userId)]);
    return { plan, connections };
  },
  claimUsage,
  releaseUsage,
  copyMedia: (userId, media, owner, now) => copyMediaToPost(userId, media, owner, now, randomPart),
  deleteMedia: (userId, media, owner) =>
    deleteMediaOfPost(
      userId,
      media.map((m) => ({ ...m, post_id: owner })),
    ),
  putPost: putNewPost,
  deletePostItem: async (userId, postId) => {
    await deletePostItem(userId, postId);
  },
  // Every occurrence is a new post: its schedule is news to the webhooks.
  schedule: (userId, post, deps) => scheduleDispatch(userId, post, null, deps),
};

const templateOf = (series: SeriesRecord): StoredMedia[] => series.template.media ?? [];

/** An occurrence must be one its platforms accept with the template's files (the copies are the same files), and fit in an item. */
function assertOccurrenceFits(userId: string, post: PostRecord, template: readonly StoredMedia[]): void {
  assertMediaRules(post.platforms, template.map(mediaFactsOf), post.title);
  assertPostFits(userId, { ...post, media: [...template] });
}

/** The template's files copied for one occurrence (or the new template); an S3 failure is said in the user's words. */
async function copiesOf(userId: string, template: readonly StoredMedia[], owner: string, now: Date, store: OccurrenceStore): Promise<StoredMedia[]> {
  if (template.length === 0) return [];
  try {
    return await store.copyMedia(userId, template, owner, now);
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger.error('Could not copy the media of a series', { owner, error });
    throw new DependencyError(REPEAT_MESSAGES.mediaCopy, { cause: error });
  }
}

/** Builds occurrence `index` at `at` with the create rules (accounts connected and on the plan). Nothing written. */
function occurrencePost(series: SeriesRecord, index: number, at: Date, context: Context, deps: Deps): PostRecord {
  const platforms = series.template.platforms.map((target) => targetFor(target, context.connections, context.plan, deps.newId));
  if (new Set(platforms.map((t) => t.social_account_id)).size !== platforms.length) throw new ValidationError(DUPLICATE_ACCOUNT_MESSAGE);
  const post = newPostRecord(
    {
      title: series.template.title,
      platforms,
      media: [],
      clientId: series.template.client_id,
      status: 'scheduled',
      scheduled_at: at.toISOString(),
      // Counted in the month it is made, as every post is (docs/product-rules.md#plans-and-limits), not the
      // month it goes out: one rule, so a series starting years ahead spends this month's allowance.
      usageMonth: monthOf(deps.now()),
    },
    deps.now(),
    deps,
  );
  return { ...post, series: { id: series.id, index, detached: false } };
}

const monthName = (at: Date) => at.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Claims the occurrence's month, gives it its own copies of the template's files, writes the post and
 * its schedule; undoes every step when a later one fails, so nothing is half-written.
 */
async function materialize(
  userId: string,
  occurrence: PostRecord,
  template: readonly StoredMedia[],
  plan: Plan,
  deps: Deps,
  store: OccurrenceStore,
): Promise<PostRecord> {
  assertOccurrenceFits(userId, occurrence, template);
  const month = occurrence.usage_month!;
  if (!(await store.claimUsage(userId, month, plan.postLimit))) {
    throw new PlanError(
      'PLAN_LIMIT_REACHED',
      `${planLimitMessage(plan.postLimit).replace('this month', `in ${monthName(new Date(`${month}-01T00:00:00Z`))}`)}`,
      {
        limit: plan.postLimit,
        upgrade: upgradeForMorePostsMessage(plan.id),
      },
    );
  }
  let post = occurrence;
  const undo = async (postWritten: boolean) => {
    if (postWritten) await store.deletePostItem(userId, post.id).catch(() => undefined);
    await store.deleteMedia(userId, post.media, post.id).catch(() => undefined);
    await store.releaseUsage(userId, month);
  };
  try {
    post = { ...occurrence, media: await copiesOf(userId, template, occurrence.id, deps.now(), store) };
    await store.putPost(userId, post);
  } catch (error) {
    await undo(false);
    throw error;
  }
  try {
    await store.schedule(userId, post, deps);
  } catch (error) {
    await undo(true);
    throw error;
  }
  return post;
}

/** Why an occurrence could not be made, for the series' notice (the user's own words, never a stack). */
const reasonOf = (error: unknown) =>
  error instanceof PlanError
    ? `${error.message} ${(error.details as { upgrade?: string | null } | undefined)?.upgrade ?? ''}`.trim()
    : error instanceof AppError
      ? error.message
      : "We couldn't schedule the next occurrence; we'll try again shortly.";

/**
 * Makes every occurrence due within the window into a post (and always the next one), in order.
 * An occurrence that cannot be made pauses the series with the reason (plan allowance, an account
 * disconnected), kept for the next sweep; one whose time passes while paused is recorded as missed.
 * Returns the series as it should be saved.
 */
async function extend(userId: string, series: SeriesRecord, deps: Deps, store: OccurrenceStore = occurrenceStore): Promise<SeriesRecord> {
  const now = deps.now();
  const horizon = now.getTime() + WINDOW_DAYS * DAY_MS;
  const upcoming = series.upcoming.filter((o) => Date.parse(o.scheduled_at) > now.getTime());
  const missed = [...series.missed];
  let { next_index: next, status, notice } = series;
  let context: Context | null = null;
  const needed = series.next_index - series.base_index + MAX_UPCOMING + 366;
  const all = occurrencesOf(ruleOf(series), needed);
  const detachedTimes = (series.detached_times ?? []).filter((t) => Date.parse(t) > now.getTime());
  const heldByDetached = new Set(detachedTimes.map((t) => Date.parse(t)));
  for (;;) {
    const at = all[next - series.base_index];
    if (!at) {
      status = 'ended';
      break;
    }
    // An occurrence edited on its own holds this time: it is this occurrence (and counts for "after N times").
    if (heldByDetached.has(at.getTime())) {
      next++;
      continue;
    }
    if (upcoming.length > 0 && (at.getTime() > horizon || upcoming.length >= MAX_UPCOMING)) break;
    if (at.getTime() < now.getTime() + LEAD_MS) {
      missed.push({ at: at.toISOString(), reason: notice ?? 'Its time passed before it could be scheduled.' });
      next++;
      continue;
    }
    try {
      context ??= await store.context(userId, now);
      const post = occurrencePost(series, next, at, context, deps);
      await materialize(userId, post, templateOf(series), context.plan, deps, store);
      upcoming.push({ post_id: post.id, index: next, scheduled_at: post.scheduled_at! });
      next++;
      status = 'active';
      notice = null;
    } catch (error) {
      if (!(error instanceof AppError)) logger.error('Could not make an occurrence of a series', { seriesId: series.id, error });
      status = 'paused';
      notice = reasonOf(error);
      break;
    }
  }
  const nextAt = status === 'ended' ? null : all[next - series.base_index];
  const lastOut = upcoming.at(-1);
  const dueCandidates = [
    status === 'paused' ? now.getTime() + SWEEP_EVERY_MINUTES * 60_000 : Infinity,
    nextAt ? nextAt.getTime() - WINDOW_DAYS * DAY_MS : Infinity,
    lastOut ? Date.parse(lastOut.scheduled_at) : Infinity,
  ];
  const due = Math.max(now.getTime(), Math.min(...dueCandidates));
  return {
    ...series,
    // Once nothing more will be made, the template is no longer needed (its files go after the save).
    template: status === 'ended' ? { ...series.template, media: [] } : series.template,
    next_index: next,
    status,
    notice,
    upcoming,
    missed: missed.slice(-MAX_MISSED_KEPT),
    detached_times: detachedTimes,
    due_at: status === 'ended' || !Number.isFinite(due) ? null : new Date(due).toISOString(),
    updated_at: now.toISOString(),
  };
}

/** Exported for tests: the window extended with an injected store. */
export const extendSeries = extend;

/** The template files the series had (or was given by an edit) that `after` no longer names: replaced, or the series ended. */
export function templateFilesGone(before: readonly StoredMedia[], after: SeriesRecord): StoredMedia[] {
  const kept = new Set(templateOf(after).map((m) => m.id));
  return before.filter((m) => !kept.has(m.id));
}

/** Deletes them once the series that no longer names them is saved; one left behind is only storage (account deletion takes it). */
async function deleteTemplateFilesGone(userId: string, before: readonly StoredMedia[], after: SeriesRecord): Promise<void> {
  const gone = templateFilesGone(before, after);
  if (gone.length === 0) return;
  // Straight to the data layer, not through occurrenceStore: that object would bring its copy and dispatch into every bundle that saves a series.
  const owner = seriesMediaOwner(after.id);
  await deleteMediaOfPost(
    userId,
    gone.map((m) => ({ ...m, post_id: owner })),
  ).catch((error: unknown) => logger.warn('Could not delete the old template files of a series', { seriesId: after.id, error }));
}

// ---------------------------------------------------------------------------------------------
// The API

async function timezoneOf(userId: string): Promise<string> {
  return (await getSettings(userId)).timezone ?? 'UTC';
}

/**
 * POST /api/posts with `repeat`: the series and its first occurrences. Everything is checked with
 * the create rules first, and the first occurrence must be schedulable (plan allowance included);
 * otherwise the request is refused and nothing is written. Returns the first occurrence.
 */
export async function createSeries(userId: string, body: z.output<typeof CreatePostBodySchema>, deps: Deps = defaultDeps): Promise<Post> {
  const now = deps.now();
  const repeat = body.repeat!;
  if (!body.scheduled_at) throw new ValidationError(REPEAT_MESSAGES.needsTime);
  const start = new Date(scheduleFrom(body.scheduled_at, now).scheduled_at!);
  assertTikTokTargetsPostable(body.platforms);
  if (body.client_id && !(await isUsersClient(userId, body.client_id))) throw new ValidationError(UNKNOWN_CLIENT_MESSAGE);
  const rule: SeriesRule = { repeat, timezone: await timezoneOf(userId), starts_at: start.toISOString() };
  assertRuleUsable(rule);
  // The user's uploads become the series' template: checked as on any create, owned by the series.
  const template = body.media_ids.length > 0 ? (await getMediaRows(userId, body.media_ids)).map((row) => storedMediaOf(row, body.media_alt?.[row.id])) : [];
  const series: SeriesRecord = {
    id: deps.newId(),
    user_id: userId,
    ...rule,
    base_index: 0,
    next_index: 0,
    template: { title: body.title?.trim() || null, client_id: body.client_id ?? null, platforms: body.platforms, media: template },
    status: 'active',
    notice: null,
    missed: [],
    upcoming: [],
    due_at: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  // The first occurrence with every create rule, before anything is written.
  const [plan, connections] = await Promise.all([currentPlan(userId, now), listConnections(userId)]);
  const first = occurrencePost(series, 0, start, { plan, connections }, deps);
  assertOccurrenceFits(userId, first, template);
  const lease = deps.newId();
  const owner = seriesMediaOwner(series.id);
  await putNewSeries(series, lease, new Date(now.getTime() + 120_000).toISOString());
  try {
    // A file taken by another post meanwhile refuses the series; the first occurrence gets its own copies.
    if (template.length > 0) await attachMediaToPost(userId, body.media_ids, owner);
    await materialize(userId, first, template, plan, deps, occurrenceStore);
  } catch (error) {
    await detachMedia(userId, body.media_ids, owner).catch(() => undefined);
    await deleteSeriesItem(userId, series.id);
    throw error;
  }
  const withFirst = { ...series, next_index: 1, upcoming: [{ post_id: first.id, index: 0, scheduled_at: first.scheduled_at! }] };
  const extended = await extend(userId, withFirst, deps);
  await saveSeries(extended, lease);
  await deleteTemplateFilesGone(userId, template, extended);
  await notifyIfPaused(userId, withFirst, extended, deps);
  return getPost(userId, first.id);
}

export async function getSeriesView(userId: string, id: string): Promise<SeriesView> {
  const series = await getSeries(userId, id);
  if (!series) throw new NotFoundError('Series not found');
  return viewOf(series);
}

/** Runs `change` on the series under its lease, saving what it returns. */
async function withSeries(userId: string, id: string, deps: Deps, change: (series: SeriesRecord) => Promise<SeriesRecord>): Promise<SeriesRecord> {
  const lease = deps.newId();
  const series = await leaseSeries(userId, id, lease, deps.now());
  if (!series) {
    if (!(await getSeries(userId, id))) throw new NotFoundError('Series not found');
    throw new ConflictError(SERIES_BUSY_MESSAGE);
  }
  let next: SeriesRecord;
  try {
    next = await change(series);
  } catch (error) {
    await saveSeries(series, lease).catch(() => undefined);
    throw error;
  }
  await saveSeries(next, lease);
  await deleteTemplateFilesGone(userId, templateOf(series), next);
  await notifyIfPaused(userId, series, next, deps);
  return next;
}

/**
 * The bell says so when a series stops making posts (plan allowance, a gone account): the notice on
 * the cards alone is only seen by someone who looks. Once per pause, not on every hourly retry. A
 * notification that cannot be written is logged: the series is saved and its cards say why.
 */
async function notifyIfPaused(userId: string, before: SeriesRecord, after: SeriesRecord, deps: Deps): Promise<void> {
  if (after.status !== 'paused' || before.status === 'paused') return;
  const caption = after.template.platforms[0]?.caption.trim() ?? '';
  const name = caption ? `"${caption.length > 40 ? `${caption.slice(0, 40)}…` : caption}"` : 'Your repeating post';
  const message = `${caption ? `Repeating post ${name}` : name} is paused: ${after.notice ?? 'its next post could not be scheduled.'}`;
  await notifyWorkspace(userId, { kind: 'series_paused', message }, deps).catch((error: unknown) =>
    logger.error('Could not notify that a series paused', { seriesId: after.id, error }),
  );
}

async function occurrenceOf(userId: string, seriesId: string, postId: string): Promise<PostRecord> {
  const post = await getPostRecord(userId, postId);
  if (!post) throw new NotFoundError('Post not found');
  if (post.series?.id !== seriesId) throw new ValidationError(REPEAT_MESSAGES.notInSeries);
  return post;
}

/**
 * Removes the series' later occurrences that have not gone out (scheduled and still following the
 * rule), from `fromIndex` on. They were made by the series, not chosen one by one, so their month's
 * allowance is given back. Published, publishing and detached occurrences are never touched.
 */
async function dropFollowing(userId: string, series: SeriesRecord, fromIndex: number): Promise<void> {
  for (const occurrence of series.upcoming.filter((o) => o.index >= fromIndex)) {
    const post = await getPostRecord(userId, occurrence.post_id);
    if (!post || post.status !== 'scheduled' || post.series?.detached) continue;
    // The post, its own copies of the files and its schedule.
    await deletePost(userId, post.id);
    if (post.usage_month) await releaseUsage(userId, post.usage_month);
  }
}

/** The series' detached times with `times` added (each once). */
function withTimes(kept: readonly string[] | null | undefined, times: readonly (string | null | undefined)[]): string[] {
  const all = [...(kept ?? []), ...times.filter((t): t is string => !!t)].map((t) => new Date(t).toISOString());
  return [...new Set(all)];
}

/**
 * The current times of the occurrences after `index` that were edited on their own, read from
 * the posts: a series made before it recorded them, or a detached post moved since by a plain edit.
 */
async function detachedTimesAfter(userId: string, series: SeriesRecord, index: number): Promise<string[]> {
  const times: string[] = [];
  for (const occurrence of series.upcoming.filter((o) => o.index > index)) {
    const post = await getPostRecord(userId, occurrence.post_id);
    if (post?.series?.detached && post.scheduled_at) times.push(post.scheduled_at);
  }
  return times;
}

/** PATCH /api/series/{id}: one occurrence, or it and all following. Returns the edited occurrence. */
export async function editSeries(userId: string, id: string, body: z.output<typeof SeriesEditBodySchema>, deps: Deps = defaultDeps): Promise<Post> {
  const parsed = UpdatePostBodySchema.safeParse(body.post);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? 'Check the post and try again.');
  const edit = parsed.data;
  const occurrence = await occurrenceOf(userId, id, body.post_id);
  if (body.scope === 'this') {
    // Under the series' lease: the series records the times this occurrence holds, so a later
    // "all following" edit that re-makes the rule does not make a second post for them.
    await withSeries(userId, id, deps, async (series) => {
      const detached = await updatePost(userId, occurrence.id, edit, deps);
      await markOccurrenceDetached(userId, detached.id, detached.version);
      const held = withTimes(series.detached_times, [occurrence.scheduled_at, detached.scheduled_at]);
      return { ...series, detached_times: held, updated_at: deps.now().toISOString() };
    });
    return getPost(userId, occurrence.id);
  }
  if (occurrence.series?.detached) throw new ValidationError(REPEAT_MESSAGES.detachedDelete);
  if (!edit.scheduled_at) throw new ValidationError(REPEAT_MESSAGES.needsTime);
  const index = occurrence.series!.index;
  let edited: Post | null = null;
  let newTemplate: StoredMedia[] = [];
  const owner = seriesMediaOwner(id);
  const change = async (series: SeriesRecord) => {
    const repeat = body.repeat ?? remainingRepeat(series, index);
    const startsAt = new Date(edit.scheduled_at!).toISOString();
    // The edited occurrence may be the last one: the rest of the series may be just it.
    assertRuleUsable({ repeat, timezone: series.timezone, starts_at: startsAt }, { needsSecond: false });
    // The new template: copies of the files the edited occurrence will carry (its own and new uploads),
    // made first so that a failed copy changes nothing. The old template goes once the series is saved.
    const sources = isFullUpdate(edit) ? (await mediaOfEdit(userId, occurrence.media, edit.media_ids, edit.media_alt)).media : occurrence.media;
    const media = await copiesOf(userId, sources, owner, deps.now(), occurrenceStore);
    newTemplate = media;
    // The edited occurrence first, with the edit rules: refused → nothing else changes.
    edited = await updatePost(userId, occurrence.id, edit, deps);
    // The later occurrences are re-made from the new template (each with its own copies); those
    // edited on their own stay, and the times they hold are not made again.
    await dropFollowing(userId, series, index + 1);
    const detachedLater = await detachedTimesAfter(userId, series, index);
    const stored = (await getPostRecord(userId, occurrence.id))!;
    const template = {
      title: isFullUpdate(edit) ? edit.title?.trim() || null : series.template.title,
      client_id: isFullUpdate(edit) ? (edit.client_id ?? null) : series.template.client_id,
      platforms: stored.platforms.map((t) => ({ platform: t.platform, social_account_id: t.social_account_id, caption: t.caption, settings: t.settings })),
      media,
    };
    const restarted: SeriesRecord = {
      ...series,
      repeat,
      starts_at: startsAt,
      base_index: index,
      next_index: index + 1,
      template,
      upcoming: [...series.upcoming.filter((o) => o.index < index), { post_id: occurrence.id, index, scheduled_at: startsAt }],
      detached_times: withTimes(series.detached_times, detachedLater),
      status: 'active',
      notice: null,
    };
    return extend(userId, restarted, deps);
  };
  const saved = await withSeries(userId, id, deps, change).catch(async (error: unknown) => {
    // The series is back as it was and does not name the new template: its copies go again.
    await occurrenceStore.deleteMedia(userId, newTemplate, owner).catch(() => undefined);
    throw error;
  });
  // The new template is dropped too when the restarted series made its last occurrence at once.
  await deleteTemplateFilesGone(userId, newTemplate, saved);
  return edited!;
}

/** "After N times" counted from the start; from occurrence `index` on, the times that are left. */
function remainingRepeat(series: SeriesRecord, index: number): Repeat {
  const { end } = series.repeat;
  if (end.type !== 'after') return series.repeat;
  return { ...series.repeat, end: { type: 'after', count: Math.max(1, end.count - (index - series.base_index)) } };
}

/** DELETE /api/series/{id}?scope=&post_id=: that occurrence, or it and every later one (the series ends before it). */
export async function deleteFromSeries(userId: string, id: string, query: z.output<typeof SeriesDeleteQuerySchema>, deps: Deps = defaultDeps): Promise<void> {
  const occurrence = await occurrenceOf(userId, id, query.post_id);
  await withSeries(userId, id, deps, async (series) => {
    if (query.scope === 'this') {
      // Only its own copies of the files go with it; the template and the others' copies stay.
      await deletePost(userId, occurrence.id);
      return { ...series, upcoming: series.upcoming.filter((o) => o.post_id !== occurrence.id), updated_at: deps.now().toISOString() };
    }
    if (occurrence.series?.detached) throw new ValidationError(REPEAT_MESSAGES.detachedDelete);
    const index = occurrence.series!.index;
    if (occurrence.status === 'scheduled') await deletePost(userId, occurrence.id);
    await dropFollowing(userId, series, index + 1);
    // Nothing more will be made: the template's files go once the series is saved.
    return {
      ...series,
      template: { ...series.template, media: [] },
      status: 'ended',
      notice: null,
      due_at: null,
      upcoming: series.upcoming.filter((o) => o.index < index),
      updated_at: deps.now().toISOString(),
    };
  });
}

/**
 * The recurrence sweep (hourly, and on the local cloud on demand): extends every series whose
 * window needs it. A series held by an edit is left for the next run; a deleted account's are
 * skipped (account deletion removes them).
 */
export async function sweepDueSeries(deps: Deps = defaultDeps): Promise<{ extended: number; busy: number }> {
  const due = await listDueSeries(deps.now());
  let extended = 0;
  let busy = 0;
  for (const { userId, id } of due) {
    if ((await getSessionGate(userId)).deletedAt) continue;
    try {
      await withSeries(userId, id, deps, (series) => extend(userId, series, deps));
      extended++;
    } catch (error) {
      if (error instanceof ConflictError || error instanceof NotFoundError) busy++;
      else logger.error('Could not extend a series', { userId, seriesId: id, error });
    }
  }
  return { extended, busy };
}
