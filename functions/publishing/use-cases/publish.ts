import { randomUUID } from 'node:crypto';
import { minimumPlanFor, planAllows } from '@shared/plans';
import { PLATFORM_NAMES } from '@shared/platforms';
import { NotFoundError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { FollowUpError } from '../../platforms/follow-ups';
import { PlatformError, type PublishMedia, type PublishRequest, type PublishStepResult } from '../../platforms/types';
import { dueTime, isTerminal, LeaseLostError, UNKNOWN_OUTCOME_MESSAGE, type Attempt, type PublishMessage } from '../model';
import type { DeliveryReads, PublishEngine } from '../ports';
import { enqueueAt } from './dispatch';
import { finish } from './settle';

/**
 * The publish step (docs/publishing.md#publish): one delivery of a target's message → lease → plan,
 * tokens, media → the adapter's step with checkpoints → settle, or come back later. Every entry point
 * tolerates being called twice with the same input.
 */

/** A step must finish well within this; a crashed publisher's lease runs out after it. */
const LEASE_MS = 5 * 60 * 1000;
/** Platform processing (TikTok moderation, YouTube) may take a while; waiting stops this long after the due time. */
const MAX_WAIT_PAST_DUE_MS = 2 * 60 * 60 * 1000;
/**
 * The dispatcher has messages arrive a few seconds before the due time (SQS delays are whole
 * seconds). The publisher does everything it can beforehand (lease, plan, tokens, media URLs, and
 * the adapter's invisible work and checkpoint up to its first public call, see PublishContext.untilDue)
 * and then waits for the due second, so at the due second only the platform call is left.
 * Arriving earlier than this, a message goes back on the queue.
 */
const PREPARE_MARGIN_MS = 2_000;
/**
 * How long before the due second the post and the account's gate are read again. A deletion later
 * than this, like one during the platform call itself, no longer stops the post.
 */
export const RECHECK_BEFORE_DUE_MS = 500;

/** One delivery's work on its target, holding the lease as `owner`. */
interface Delivery extends Attempt {
  owner: string;
  message: PublishMessage;
  /** The due second: nothing public happens before it. */
  notBefore: number;
  /** The social account and its tokens, read with the post; absent, withFreshTokens reads them. */
  connection: DeliveryReads['connection'];
}

// ---------------------------------------------------------------------------------------------
// Publish

/**
 * One delivery of a target's message. 'done': the message can be deleted (published, failed,
 * re-queued or nothing to do). 'retry': leave it to come back after its visibility timeout (another
 * delivery holds the target, or our side failed unexpectedly — that path reaches the DLQ in the end).
 */
export async function publishTarget(message: PublishMessage, engine: PublishEngine): Promise<'done' | 'retry'> {
  const { userId } = message;
  // A deleted account publishes nothing and gets nothing written: its deletion may not have reached
  // this post yet. One request reads the post, the account's gate and (the message names the social
  // account) the plan and the connection: a busy second's deliveries queue for the same table, and
  // each round trip more puts every one of them further back.
  const reads = await engine.readDelivery(userId, message.postId, message.socialAccountId, engine.now());
  const { userClosed, post } = reads;
  if (userClosed) return 'done';
  if (!post || post.version !== message.version) return 'done';
  const index = post.platforms.findIndex((t) => t.id === message.targetId);
  const target = post.platforms[index];
  if (!target || isTerminal(target) || !['queued', 'publishing'].includes(post.status)) return 'done';
  // Read ahead for the account the message named; a version's targets keep theirs, but only what
  // was read for this target's account is used.
  const ahead: Pick<DeliveryReads, 'plan' | 'connection'> = target.social_account_id === message.socialAccountId ? reads : {};

  const { leadMs } = engine.settings();
  const notBefore = Math.max(dueTime(post), message.notBefore ? Date.parse(message.notBefore) : 0);
  if (notBefore - engine.now().getTime() > leadMs + PREPARE_MARGIN_MS) {
    await enqueueAt(engine, target.platform, message, new Date(notBefore - leadMs), engine.now());
    return 'done';
  }

  const now = engine.now();
  const delivery: Delivery = { userId, post, index, target, owner: randomUUID(), message, notBefore, connection: ahead.connection };
  if (!(await engine.store.takeLease(delivery, now, LEASE_MS))) {
    const latest = await engine.store.getPost(userId, message.postId);
    const latestTarget = latest?.platforms[index];
    return !latest || !latestTarget || isTerminal(latestTarget) || latest.version !== message.version ? 'done' : 'retry';
  }

  try {
    const plan = ahead.plan ?? (await engine.currentPlan(userId, now));
    if (!planAllows(plan.id, target.platform)) {
      const needed = minimumPlanFor(target.platform);
      await finish(
        delivery,
        { status: 'failed', message: `Your ${plan.name} plan doesn't include ${PLATFORM_NAMES[target.platform]}. Upgrade to ${needed.name} to publish there.` },
        engine,
      );
      return 'done';
    }
    const result = await runStep(delivery, engine);
    return await afterStep(delivery, result, engine);
  } catch (error) {
    // Nothing went out; the deletion's sweep removes the post with everything else of the account.
    if (error instanceof UserClosedError) return 'done';
    // Nothing went out and there is nothing left to settle.
    if (error instanceof PostDeletedError) return 'done';
    return await afterError(delivery, error, engine);
  }
}

/** The account's deletion began while this delivery waited for its second: publish nothing. */
class UserClosedError extends Error {
  override name = 'UserClosedError';
}

/** The user deleted the post while this delivery waited for its second: publish nothing. */
class PostDeletedError extends Error {
  override name = 'PostDeletedError';
}

async function runStep(delivery: Delivery, engine: PublishEngine): Promise<PublishStepResult> {
  const { userId, target, notBefore } = delivery;
  const request = await publishRequest(delivery, engine);
  return engine.withFreshTokens(
    userId,
    target.social_account_id,
    async (tokens, adapter) => {
      return adapter.publishStep({
        tokens,
        request,
        checkpoint: target.checkpoint ?? null,
        saveCheckpoint: (checkpoint) => engine.store.saveCheckpoint(delivery, checkpoint),
        untilDue: async () => {
          // Checked again just before the public call: the account's deletion may have begun, or
          // the user deleted the post, while this delivery prepared and waited (up to the lead
          // time). One request reads both, RECHECK_BEFORE_DUE_MS ahead of the second, so the read
          // is answered by then and at the due second only the platform call is left: every post
          // due in that second waits on the same table, and a read there puts each one behind it.
          const untilRecheck = notBefore - RECHECK_BEFORE_DUE_MS - engine.now().getTime();
          if (untilRecheck > 0) await engine.sleep(untilRecheck);
          const { userClosed, post } = await engine.store.getPostAndUserClosed(userId, delivery.post.id);
          if (userClosed) throw new UserClosedError();
          if (!post) throw new PostDeletedError();
          const early = notBefore - engine.now().getTime();
          if (early > 0) await engine.sleep(early);
        },
        claimDailyQuota: (bucket) => engine.claimDailyQuota(bucket, engine.now()),
      });
    },
    engine,
    delivery.connection ? { loaded: delivery.connection } : {},
  );
}

async function publishRequest({ post, target }: Attempt, engine: PublishEngine): Promise<PublishRequest> {
  const media: PublishMedia[] = await Promise.all(
    post.media.map(async (stored) => {
      // Instagram takes JPEG only: it gets the copy media confirm made of anything else (docs/instagram.md).
      const copy = target.platform === 'instagram' && stored.instagram_path;
      const file = copy
        ? { path: stored.instagram_path!, type: 'image/jpeg', size: stored.instagram_size ?? stored.file_size }
        : { path: stored.file_path, type: stored.file_type, size: stored.file_size };
      // TikTok pulls photos from a signed URL on our own domain (docs/tiktok.md#photo-posts).
      const pullUrl = target.platform === 'tiktok' && file.type.startsWith('image/') ? await engine.media.pullUrl?.(file.path, engine.now()) : null;
      return {
        url: await engine.media.url(file.path),
        mimeType: file.type,
        sizeBytes: file.size,
        open: () => engine.media.read(file.path),
        ...(pullUrl ? { pullUrl } : {}),
        ...(stored.alt_text ? { altText: stored.alt_text } : {}),
      };
    }),
  );
  return {
    accountId: target.account_id,
    accountName: target.account_name,
    caption: target.caption,
    // YouTube's video and a LinkedIn document are published under the post's title.
    ...((target.platform === 'youtube' || target.platform === 'linkedin') && post.title ? { title: post.title } : {}),
    settings: target.settings ?? {},
    media,
  };
}

async function afterStep(delivery: Delivery, result: PublishStepResult, engine: PublishEngine): Promise<'done'> {
  const { post, target } = delivery;
  const now = engine.now();
  if (result.status === 'posted') {
    // Where posts due in the same second share their publishers' CPU (the local cloud), the platform
    // calls go first and the bookkeeping (settle, notify) follows within PUBLISH_SETTLE_SPREAD_SECONDS.
    // Nothing is lost meanwhile: the lease is held and the checkpoint says what to look for if this
    // delivery dies here. On AWS every invocation has its own CPU, and the spread is 0.
    const { settleSpreadMs } = engine.settings();
    if (settleSpreadMs > 0 && now.getTime() - dueTime(post) < settleSpreadMs) await engine.sleep(engine.random() * settleSpreadMs);
    await finish(
      delivery,
      {
        status: 'posted',
        platformPostId: result.platformPostId,
        postUrl: result.postUrl,
        postedAt: now.toISOString(),
        ...(result.followUps ? { followUps: result.followUps } : {}),
      },
      engine,
    );
    return 'done';
  }
  // The platform is still processing: come back later without holding the target.
  if (now.getTime() + result.retryAfterSeconds * 1000 > dueTime(post) + MAX_WAIT_PAST_DUE_MS) {
    await finish(delivery, { status: 'failed', message: `${PLATFORM_NAMES[target.platform]} is still processing this post; check your account.` }, engine);
    return 'done';
  }
  await comeBackLater(delivery, new Date(now.getTime() + result.retryAfterSeconds * 1000), now, engine);
  return 'done';
}

/** Gives the target back and sends the step again, to run at `at`. */
async function comeBackLater(delivery: Delivery, at: Date, now: Date, engine: PublishEngine): Promise<void> {
  await engine.store.releaseLease(delivery);
  await enqueueAt(engine, delivery.target.platform, delivery.message, at, now);
}

async function afterError(delivery: Delivery, error: unknown, engine: PublishEngine): Promise<'done' | 'retry'> {
  const { post, target } = delivery;
  const now = engine.now();
  if (error instanceof LeaseLostError) return 'done';
  if (error instanceof NotFoundError) {
    await finish(
      delivery,
      { status: 'failed', message: `The ${PLATFORM_NAMES[target.platform]} account for this post was disconnected. Reconnect it on Platforms and reschedule.` },
      engine,
    );
    return 'done';
  }
  if (!(error instanceof PlatformError)) {
    logger.error('Publish step failed on our side', { error, postId: post.id, platform: target.platform });
    await engine.store.releaseLease(delivery);
    return 'retry';
  }
  logger.warn('Publish step refused by the platform', { platform: target.platform, category: error.category, details: error.details, postId: post.id });
  if (error.category === 'retry' || error.category === 'backoff') {
    const attempts = (target.attempts ?? 0) + 1;
    const delaySeconds = backoffSeconds(attempts, error.details.retryAfterSeconds, engine.random);
    if (now.getTime() + delaySeconds * 1000 <= dueTime(post) + engine.settings().retryWindowMs) {
      await comeBackLater(delivery, new Date(now.getTime() + delaySeconds * 1000), now, engine);
      return 'done';
    }
  }
  const reason = error.category === 'unknown-outcome' ? UNKNOWN_OUTCOME_MESSAGE : error.message;
  // A thread that stopped part-way keeps what went out on the card (docs/first-comment-and-threads.md).
  const followUps = error instanceof FollowUpError ? { followUps: error.followUps } : {};
  await finish(delivery, { status: 'failed', message: reason, ...followUps }, engine);
  return 'done';
}

/** Exponential backoff with full jitter, never sooner than the platform's own reset time. */
export function backoffSeconds(attempts: number, retryAfterSeconds?: number, random: () => number = Math.random): number {
  const ceiling = Math.min(300, 2 ** Math.min(attempts, 10));
  const jittered = Math.max(1, Math.round(ceiling / 2 + random() * (ceiling / 2)));
  return Math.max(jittered, Math.ceil(retryAfterSeconds ?? 0));
}
