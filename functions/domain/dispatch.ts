import * as z from 'zod';
import type { Platform } from '@shared/platforms';
import { isTerminal, tableEngineStore, type EnginePost } from '../data/publishing';
import { defaultDeps } from '../lib/clock';
import { env } from '../lib/env';
import { logger } from '../lib/logger';
import { sqsPublishQueue } from '../lib/publish-queues';
import type { DispatchEngine, EngineSettings } from './engine';

/**
 * Dispatch (docs/publishing.md#dispatch) and the publishing queues. Kept apart from the publish steps so the
 * posts API, which dispatches a post due within the minute itself, does not carry the adapters.
 */

// ---------------------------------------------------------------------------------------------
// Contracts

/** The Scheduler's input to the dispatcher (and the scheduler DLQ's message body). */
export const DispatchInputSchema = z.object({ userId: z.string().min(1), postId: z.string().min(1), version: z.number().int().positive() });
export type DispatchInput = z.infer<typeof DispatchInputSchema>;

/** One target's SQS message. `notBefore`: a re-queued step must not run earlier (SQS delays cap at 15 min). */
export const PublishMessageSchema = z.object({
  userId: z.string().min(1),
  postId: z.string().min(1),
  targetId: z.string().min(1),
  version: z.number().int().positive(),
  notBefore: z.iso.datetime().optional(),
});
export type PublishMessage = z.infer<typeof PublishMessageSchema>;

/** A target whose create may have gone through; its checkpoint lets the adapter look before creating again. */
export const UNKNOWN_OUTCOME_MESSAGE = "We couldn't confirm this post went out; check your account";

/**
 * The deployment's settings. `leadMs`: on AWS each message has its own Lambda and a few seconds
 * suffice; the local cloud runs every publisher in one process, so it prepares a busy minute's posts
 * earlier.
 */
export const settingsFromEnv = (): EngineSettings => ({
  leadMs: env().PUBLISH_LEAD_SECONDS * 1000,
  retryWindowMs: env().PUBLISH_RETRY_WINDOW_MINUTES * 60 * 1000,
  settleSpreadMs: env().PUBLISH_SETTLE_SPREAD_SECONDS * 1000,
});

/** Dispatch over the table and SQS: what the dispatcher wires (the posts API adds the schedules, schedules.ts). */
export const awsDispatchEngine: DispatchEngine = {
  ...defaultDeps,
  store: tableEngineStore,
  queue: sqsPublishQueue,
  settings: settingsFromEnv,
};

/** Sends a step to run no earlier than `at` (the queue's delay cap is bridged by re-queuing until then). */
export async function enqueueAt(engine: DispatchEngine, platform: Platform, message: PublishMessage, at: Date, now: Date): Promise<void> {
  await engine.queue.send(platform, { ...message, notBefore: at.toISOString() }, (at.getTime() - now.getTime()) / 1000);
}

export const dueTime = (post: EnginePost) => Date.parse(post.scheduled_at ?? post.created_at);

// ---------------------------------------------------------------------------------------------
// Dispatch

/**
 * The Scheduler's target: for the current version of a scheduled post, mark it queued and send one
 * message per open target, delayed to the due second. A stale version, a draft or a deleted post is
 * ignored. A redelivery (already queued, same version) sends again; the publisher's leases and
 * settled targets make the duplicates harmless.
 */
export async function dispatchPost(input: DispatchInput, engine: DispatchEngine = awsDispatchEngine): Promise<'dispatched' | 'ignored'> {
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
      .map((target) => engine.queue.send(target.platform, { userId, postId: post.id, targetId: target.id, version: post.version }, delaySeconds)),
  );
}
