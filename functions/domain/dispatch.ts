import { SendMessageCommand } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { PLATFORMS, type Platform } from '@shared/platforms';
import { getEnginePost, isTerminal, markQueued, type EnginePost } from '../data/publishing';
import { sqsClient } from '../lib/aws';
import { defaultDeps, type Deps } from '../lib/clock';
import { env } from '../lib/env';
import { logger } from '../lib/logger';

/**
 * Dispatch (DESIGN §6 step 2) and the publishing queues. Kept apart from the publish steps so the
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

const SQS_MAX_DELAY_SECONDS = 900;
export const retryWindowMs = () => env().PUBLISH_RETRY_WINDOW_MINUTES * 60 * 1000;

const QueueUrlsSchema = z.record(z.enum(PLATFORMS), z.string().min(1));
let queueUrls: Partial<Record<Platform, string>> | undefined;
function queueUrlFor(platform: Platform): string {
  queueUrls ??= QueueUrlsSchema.parse(JSON.parse(env().PUBLISH_QUEUE_URLS ?? '{}'));
  const url = queueUrls[platform];
  if (!url) throw new Error(`No publishing queue configured for ${platform}`);
  return url;
}
/** Tests that change the environment between cases call this. */
export function resetPublishingConfigForTests(): void {
  queueUrls = undefined;
}

/**
 * Messages are due this long before their time, so the publisher can prepare (see publishing.ts).
 * A deployment setting: on AWS each message has its own Lambda and a few seconds suffice; the local
 * cloud runs every publisher in one process, so it prepares a busy minute's posts earlier.
 */
export const publishLeadMs = () => env().PUBLISH_LEAD_SECONDS * 1000;

export async function enqueue(platform: Platform, message: PublishMessage, delaySeconds: number): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: queueUrlFor(platform),
      MessageBody: JSON.stringify(message),
      // Rounded down: SQS delays are whole seconds, and the publisher waits out the last fraction itself.
      DelaySeconds: Math.max(0, Math.min(SQS_MAX_DELAY_SECONDS, Math.floor(delaySeconds))),
    }),
  );
}

/** Re-queues a step to run no earlier than `at`. */
export async function enqueueAt(platform: Platform, message: PublishMessage, at: Date, now: Date): Promise<void> {
  await enqueue(platform, { ...message, notBefore: at.toISOString() }, (at.getTime() - now.getTime()) / 1000);
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
export async function dispatchPost(input: DispatchInput, deps: Deps = defaultDeps): Promise<'dispatched' | 'ignored'> {
  const post = await getEnginePost(input.userId, input.postId);
  if (!post || post.version !== input.version) return ignored('stale or deleted', input);
  if (post.status === 'scheduled') {
    if (!(await markQueued(input.userId, post, deps.now()))) {
      const again = await getEnginePost(input.userId, input.postId);
      if (!again || again.version !== input.version || again.status !== 'queued') return ignored('moved on meanwhile', input);
    }
  } else if (post.status !== 'queued' && post.status !== 'publishing') {
    return ignored(`status ${post.status}`, input);
  }
  await sendTargets(input.userId, post, deps.now());
  return 'dispatched';
}

function ignored(reason: string, input: DispatchInput): 'ignored' {
  logger.info('Dispatch ignored', { reason, postId: input.postId, version: input.version });
  return 'ignored';
}

export async function sendTargets(userId: string, post: EnginePost, now: Date): Promise<void> {
  const delaySeconds = (dueTime(post) - publishLeadMs() - now.getTime()) / 1000;
  await Promise.all(
    post.platforms
      .filter((target) => !isTerminal(target))
      .map((target) => enqueue(target.platform, { userId, postId: post.id, targetId: target.id, version: post.version }, delaySeconds)),
  );
}

