import type * as z from 'zod';
import {
  IMPORT_MSG,
  checkImportRow,
  mediaLinksOf,
  tiktokCreatorProblem,
  type ImportContext,
  type ImportMediaFile,
  type ImportPostBody,
  type ImportRequestSchema,
  type ImportResult,
} from '@shared/import';
import type { TikTokCreatorInfo } from '@shared/tiktok';
import { planLimitMessage, PLAN_PLATFORMS, type Plan } from '@shared/plans';
import { listConnections } from '../data/connections';
import { listClients } from '../data/clients';
import { claimUsageUpTo, releaseUsageBy } from '../data/usage';
import { attachMediaToPost, copyMediaToPost, deleteMediaOfPost, getMediaRows, mediaFactsOf, storedMediaOf } from '../data/media';
import { assertPostFits, deletePostItem, putPostsInBatches, replacePost, type PostRecord, type StoredMedia } from '../data/posts';
import { getSettings } from '../data/users';
import { defaultDeps, type Deps } from '../lib/clock';
import { env } from '../lib/env';
import { AppError, ConflictError, ValidationError } from '../lib/errors';
import { logger } from '../lib/logger';
import { scheduleNewDispatch } from '../publishing/wiring';
import { currentPlan } from './entitlements';
import { assertMediaRules, monthOf, newPostRecord, NOT_SCHEDULED_MESSAGE, targetFor } from './posts';
import { assertTikTokTargetsPostable } from './tiktok-posting';
import { tiktokCreatorInfo } from './tiktok-creator-info';
import { randomPart } from './media';

/**
 * POST /api/posts/import (docs/bulk-import.md): a chunk of CSV rows, each checked
 * again here with the rules Compose's create uses (the preview is never trusted), and each valid row
 * written as a scheduled post with its schedule. A row fails alone, with its reason; the others go on.
 *
 * Per chunk: one read each of plan, accounts, clients and settings; one conditional ADD for the
 * chunk's allowance; posts in BatchWriteItem requests of 25; then each row's media attach and its
 * Scheduler schedule, a bounded number at a time.
 */
export const SAVE_FAILED_MESSAGE = "We couldn't save this row. Import it again.";
/** Posts per BatchWriteItem (DynamoDB's maximum) and how many such requests run at once. */
const BATCH = 25;
const BATCHES_AT_ONCE = 4;
/**
 * Schedules created at once per chunk. EventBridge Scheduler's CreateSchedule quota is 1,000 per second
 * in the main regions and 250 in the others (https://docs.aws.amazon.com/scheduler/latest/UserGuide/scheduler-quotas.html);
 * 32 in flight per chunk, a few chunks at once, stays under it, and the SDK's retries absorb a throttle.
 */
const SCHEDULES_AT_ONCE = 32;
/** Rows checked and built at once (a row with media reads its files: GetItems, well inside on-demand capacity). */
const ROWS_AT_ONCE = 16;

export interface ImportOptions {
  /** The plan to judge by; the user's own by default (the benchmark passes a larger one: today's plans allow 30 posts a month). */
  plan?: Plan;
}

interface Prepared {
  row: number;
  post: PostRecord;
  /** Ids the row names in media_ids: attached to its post as they are. */
  mediaIds: string[];
  /** This import's uploads the row names in `media` (the first files of post.media): the post gets its own copies. */
  named: ImportMediaFile[];
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

const reasonOf = (error: unknown) => (error instanceof AppError ? error.message : SAVE_FAILED_MESSAGE);

export async function importPosts(
  userId: string,
  request: z.output<typeof ImportRequestSchema>,
  deps: Deps = defaultDeps,
  options: ImportOptions = {},
): Promise<{ results: ImportResult[] }> {
  const now = deps.now();
  const [plan, accounts, clients, settings] = await Promise.all([
    options.plan ?? currentPlan(userId, now),
    listConnections(userId),
    listClients(userId),
    getSettings(userId),
  ]);
  // Rows are read in the timezone saved in Settings; a preview made in another one is stale.
  if (settings.timezone && settings.timezone !== request.timezone) throw new ConflictError(IMPORT_MSG.timezoneChanged);
  const ctx: ImportContext = {
    timezone: request.timezone,
    now,
    accounts,
    clients,
    planPlatforms: PLAN_PLATFORMS[plan.id],
    mediaFiles: request.media_files ?? [],
    tiktokConsent: request.tiktok_consent === true,
    tiktokUnaudited: env().TIKTOK_UNAUDITED === 'true',
    tiktokPhotos: env().TIKTOK_PHOTOS === 'true',
  };
  // creator_info, read live once per TikTok account the chunk posts to (as Compose reads it when its panel opens).
  const creatorInfos = new Map<string, Promise<TikTokCreatorInfo>>();
  const creatorInfo = (accountId: string) => {
    if (!creatorInfos.has(accountId)) creatorInfos.set(accountId, tiktokCreatorInfo(userId, accountId));
    return creatorInfos.get(accountId)!;
  };

  const results = new Map<number, ImportResult>();
  const fail = (row: number, reason: string, postId: string | null = null) => results.set(row, { row, status: 'failed', post_id: postId, reason });
  // Each row checked and built (a row with media reads its files), several at once; kept in row order.
  const built: (Prepared | null)[] = request.rows.map(() => null);
  await eachLimited([...request.rows.entries()], ROWS_AT_ONCE, async ([i, { row, fields }]) => {
    // The Import page fetches a row's links into media_ids before sending; a row still carrying them came another way.
    if (mediaLinksOf(fields).length > 0) {
      fail(row, IMPORT_MSG.linkNotFetched);
      return;
    }
    const check = checkImportRow(fields, ctx);
    if (!check.ok) {
      fail(row, check.reason);
      return;
    }
    try {
      const named = check.named ?? [];
      const post = await postFor(userId, check.body, named, { accounts, plan, now, deps, creatorInfo });
      built[i] = { row, post, mediaIds: check.body.media_ids.slice(named.length), named };
    } catch (error) {
      fail(row, reasonOf(error));
    }
  });
  const prepared = built.filter((p): p is Prepared => p !== null);

  // The allowance, in row order: rows past what is left this month fail with the plan's message.
  const month = monthOf(now);
  const claimed = prepared.length ? await claimUsageUpTo(userId, month, plan.postLimit, prepared.length) : 0;
  for (const { row } of prepared.slice(claimed)) fail(row, planLimitMessage(plan.postLimit));
  let toWrite = prepared.slice(0, claimed);
  let unused = 0;

  // A file of this import named by several rows: each row's post gets its own copy (a media row names
  // one post), made before the post is written so the post holds the copies' ids. A copy that fails
  // deletes what it copied and fails only its row.
  const copied = new Set<number>();
  await eachLimited(
    toWrite.filter((p) => p.named.length > 0),
    ROWS_AT_ONCE,
    async (p) => {
      try {
        const originals = p.post.media.slice(0, p.named.length);
        const copies = await copyMediaToPost(userId, originals, p.post.id, now, randomPart);
        p.post = { ...p.post, media: [...copies, ...p.post.media.slice(p.named.length)] };
        copied.add(p.row);
      } catch (error) {
        logger.error('Bulk import: could not copy a file for a row', { error });
        fail(p.row, reasonOf(error));
        unused++;
      }
    },
  );
  toWrite = toWrite.filter((p) => p.named.length === 0 || copied.has(p.row));
  /** Takes a row's post down with its copies (its media_ids files were never attached). */
  const undo = async (p: Prepared) => {
    await deletePostItem(userId, p.post.id).catch(() => undefined);
    if (p.named.length) await deleteMediaOfPost(userId, copiesOf(p)).catch(() => undefined);
  };

  // Posts, 25 to a request. A request that fails takes only its own rows down, and nothing of them stays.
  const slices = Array.from({ length: Math.ceil(toWrite.length / BATCH) }, (_, i) => toWrite.slice(i * BATCH, (i + 1) * BATCH));
  const written = new Set<number>();
  await eachLimited(slices, BATCHES_AT_ONCE, async (slice) => {
    try {
      await putPostsInBatches(
        userId,
        slice.map((p) => p.post),
      );
      for (const p of slice) written.add(p.row);
    } catch (error) {
      logger.error('Bulk import: a batch of posts was not written', { error });
      await Promise.all(slice.map(undo));
      for (const p of slice) fail(p.row, SAVE_FAILED_MESSAGE);
      unused += slice.length;
    }
  });
  toWrite = toWrite.filter((p) => written.has(p.row));

  // Media (a file another row or post took meanwhile fails this row), then the schedule.
  await eachLimited(toWrite, SCHEDULES_AT_ONCE, async (p) => {
    if (p.mediaIds.length > 0) {
      try {
        await attachMediaToPost(userId, p.mediaIds, p.post.id);
      } catch (error) {
        await undo(p);
        fail(p.row, reasonOf(error));
        unused++;
        return;
      }
    }
    try {
      await scheduleNewDispatch(userId, p.post, deps);
      results.set(p.row, { row: p.row, status: 'scheduled', post_id: p.post.id, reason: null });
    } catch (error) {
      // Never a post that claims to be scheduled without a schedule: it stays, visibly, as a draft.
      logger.error('Bulk import: could not schedule a post; keeping it as a draft', { postId: p.post.id, error });
      const draft: PostRecord = { ...p.post, status: 'draft', scheduled_at: null, usage_month: null, version: p.post.version + 1 };
      await replacePost(userId, draft, { version: p.post.version, status: 'scheduled' }).catch(() => undefined);
      fail(p.row, NOT_SCHEDULED_MESSAGE, p.post.id);
      unused++;
    }
  });
  await releaseUsageBy(userId, month, unused);

  return { results: request.rows.map(({ row }) => results.get(row)!) };
}

/** The media rows of a row's copies, to delete them with the post. */
const copiesOf = (p: Prepared) => p.post.media.slice(0, p.named.length).map((m: StoredMedia) => ({ ...m, post_id: p.post.id }));

interface RowDeps {
  accounts: Awaited<ReturnType<typeof listConnections>>;
  plan: Plan;
  now: Date;
  deps: Deps;
  creatorInfo: (accountId: string) => Promise<TikTokCreatorInfo>;
}

/**
 * The post a valid row becomes: the create rules that need the user's data (accounts, plan, media
 * files, TikTok's creator_info, size). Files named by name must be this user's unattached uploads
 * under that very name (the request's name-to-id list is not trusted either).
 */
async function postFor(userId: string, body: ImportPostBody, named: readonly ImportMediaFile[], { accounts, plan, now, deps, creatorInfo }: RowDeps) {
  assertTikTokTargetsPostable(body.platforms);
  const platforms = body.platforms.map((target) => targetFor(target, accounts, plan, deps.newId));
  const mediaRows = body.media_ids.length > 0 ? await getMediaRows(userId, body.media_ids) : [];
  named.forEach(({ name }, i) => {
    if (mediaRows[i]?.file_name?.trim().toLowerCase() !== name.trim().toLowerCase()) throw new ValidationError(IMPORT_MSG.noSuchFile(name));
  });
  const facts = mediaRows.map(mediaFactsOf);
  assertMediaRules(platforms, facts, body.title);
  for (const target of platforms) {
    if (target.platform !== 'tiktok') continue;
    const problem = tiktokCreatorProblem(target.account_name, target.settings, await creatorInfo(target.social_account_id), facts);
    if (problem) throw new ValidationError(problem);
  }
  const post = newPostRecord(
    {
      title: body.title,
      platforms,
      media: mediaRows.map((row) => storedMediaOf(row, body.media_alt?.[row.id])),
      clientId: body.client_id ?? null,
      status: 'scheduled',
      scheduled_at: body.scheduled_at!,
      usageMonth: monthOf(now),
    },
    now,
    deps,
  );
  assertPostFits(userId, post);
  return post;
}
