import type { Platform } from '@shared/platforms';
import { logger } from '../../lib/logger';
import { dueTime, isTerminal, type DispatchInput, type EnginePost, type PublishMessage } from '../model';
import type { DispatchEngine } from '../ports';

/**
 * Dispatch (docs/publishing.md#dispatch): the Scheduler's target, and the sends to the platforms'
 * queues that the publish step and the watchdog reuse. Kept apart from the publish step so the posts
 * API, which dispatches a post due within the minute itself, does not carry the adapters.
 */

/** Sends a step to run no earlier than `at` (the queue's delay cap is bridged by re-queuing until then). */
export async function enqueueAt(engine: DispatchEngine, platform: Platform, message: PublishMessage, at: Date, now: Date): Promise<void> {
  await engine.queue.send(platform, { ...message, notBefore: at.toISOString() }, (at.getTime() - now.getTime()) / 1000);
}

/**
 * The Scheduler's target: for the current version of a scheduled post, mark it queued and send one
 * message per open target, delayed to the due second. A stale version, a draft or a deleted post is
 * ignored. A redelivery (already queued, same version) sends again; the publisher's leases and
 * settled targets make the duplicates harmless.
 */
export async function dispatchPost(input: DispatchInput, engine: DispatchEngine): Promise<'dispatched' | 'ignored'> {
  const post = await engine.store.getPost(input.userId, input.postId);
  if (!post || post.version !== input.version) return ignored('stale or deleted', input);
  if (post.status === 'scheduled') {
    if (!(await engine.store.markQueued(input.userId, post, engine.now()))) {
      const again = await engine.store.getPost(input.userId, input.postId);
      if (!again || again.version !== input.version || again.status !== 'queued') return ignored('moved on meanwhile', input);
    }
  } else if (post.status !== 'queued' && post.status !== 'publishing') {
    return ignored(`status ${post.status}`, input);
  }
  await sendTargets(engine, input.userId, post);
  return 'dispatched';
}

function ignored(reason: string, input: DispatchInput): 'ignored' {
  logger.info('Dispatch ignored', { reason, postId: input.postId, version: input.version });
  return 'ignored';
}

/** One message per open target, due `leadMs` before the post's time. */
export async function sendTargets(engine: DispatchEngine, userId: string, post: EnginePost): Promise<void> {
  const delaySeconds = (dueTime(post) - engine.settings().leadMs - engine.now().getTime()) / 1000;
  await Promise.all(
    post.platforms
      .filter((target) => !isTerminal(target))
      .map((target) =>
        engine.queue.send(
          target.platform,
          { userId, postId: post.id, targetId: target.id, version: post.version, socialAccountId: target.social_account_id },
          delaySeconds,
        ),
      ),
  );
}
