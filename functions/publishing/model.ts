import * as z from 'zod';
import type { FollowUps } from '@shared/follow-ups';
import { PLATFORM_NAMES, type Platform } from '@shared/platforms';
import type { PostTarget } from '@shared/posts';
import type { PostRecord } from '../data/posts';
import type { PublishCheckpoint } from '../lib/publish-checkpoint';

/**
 * The publishing engine's model (docs/publishing.md): the post and its targets as the engine sees
 * them, the messages that travel between its steps, and the words its outcomes are told in. No I/O:
 * the use cases (use-cases/), the ports they need (ports.ts) and the AWS adapters (adapters/) all
 * start from here.
 */

// ---------------------------------------------------------------------------------------------
// The post and its targets

export interface EngineTarget extends PostTarget {
  checkpoint?: PublishCheckpoint | null;
  lease_owner?: string | null;
  lease_until?: string | null;
  attempts?: number;
  platform_post_id?: string | null;
}

export interface EnginePost extends PostRecord {
  platforms: EngineTarget[];
  rev: number;
  watchdog_at: string | null;
}

const TERMINAL: readonly string[] = ['posted', 'failed'];
export const isTerminal = (target: Pick<PostTarget, 'status'>) => TERMINAL.includes(target.status);

/** When the post is due: its time, or (published now) when it was made. */
export const dueTime = (post: EnginePost) => Date.parse(post.scheduled_at ?? post.created_at);

/** One target of one post version, and the delivery that holds (or takes) its lease: none for the watchdog and dead letters. */
export interface TargetRef {
  userId: string;
  post: Pick<EnginePost, 'id' | 'version'>;
  index: number;
  target: Pick<EngineTarget, 'id'>;
  owner?: string;
}

/** Target `index` of `post` as one delivery works on it: with `owner` it holds (or takes) the lease. */
export interface Attempt extends TargetRef {
  post: EnginePost;
  target: EngineTarget;
}

export type TargetOutcome = ({ status: 'posted'; platformPostId: string; postUrl: string; postedAt: string } | { status: 'failed'; message: string }) & {
  /** The first comment's and the thread's outcomes (docs/first-comment-and-threads.md). */
  followUps?: FollowUps;
};

/** The store's answer to a checkpoint write by a delivery that no longer holds the lease: stop before acting. */
export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

// ---------------------------------------------------------------------------------------------
// Messages between the steps

/** The Scheduler's input to the dispatcher (and the scheduler DLQ's message body). */
export const DispatchInputSchema = z.object({ userId: z.string().min(1), postId: z.string().min(1), version: z.number().int().positive() });
export type DispatchInput = z.infer<typeof DispatchInputSchema>;

/**
 * One target's SQS message. `notBefore`: a re-queued step must not run earlier (SQS delays cap at 15
 * min). `socialAccountId`: the target's social account, so the publisher reads the connection with
 * the post in its first request; a message without it (sent before it was added) reads it after.
 */
export const PublishMessageSchema = z.object({
  userId: z.string().min(1),
  postId: z.string().min(1),
  targetId: z.string().min(1),
  version: z.number().int().positive(),
  socialAccountId: z.string().min(1).optional(),
  notBefore: z.iso.datetime().optional(),
});
export type PublishMessage = z.infer<typeof PublishMessageSchema>;

// ---------------------------------------------------------------------------------------------
// Schedules

/**
 * Each scheduled post owns the one-shot schedule `post-<postId>`: `at()` one minute before the due
 * minute, in UTC, deleted after it fires. Scheduler has minute precision and fires somewhere inside
 * that minute; the dispatcher's SQS delays then land each target on the due second. The name is
 * built where every stored key is (data/keys.ts).
 */
export { scheduleName } from '../data/keys';

/** The schedule time for a due time: the start of the minute before the due minute. */
export function scheduleTimeFor(dueIso: string): Date {
  const due = Date.parse(dueIso);
  return new Date(Math.floor(due / 60_000) * 60_000 - 60_000);
}

// ---------------------------------------------------------------------------------------------
// What the user is told

/** A target whose create may have gone through; its checkpoint lets the adapter look before creating again. */
export const UNKNOWN_OUTCOME_MESSAGE = "We couldn't confirm this post went out; check your account";
export const STUCK_MESSAGE = "This post didn't go out within 15 minutes of its time, so we stopped trying. Please reschedule it.";
export const DEAD_LETTER_MESSAGE = "We couldn't publish this post because of a problem on our side. Please try again.";
export const publishedNotice = (platform: Platform) => `Your post was published to ${PLATFORM_NAMES[platform]}`;
export const failedNotice = (platform: Platform, reason: string) => `Your post to ${PLATFORM_NAMES[platform]} failed: ${reason}`;
/** The same outcomes as the workspace's Admins and Owner read them about a post someone else wrote (author: their e-mail). */
const aPostBy = (author: string | null) => (author ? `A post by ${author}` : 'A post');
export const publishedNoticeForOthers = (platform: Platform) => (author: string | null) => `${aPostBy(author)} was published to ${PLATFORM_NAMES[platform]}`;
export const failedNoticeForOthers = (platform: Platform, reason: string) => (author: string | null) =>
  `${aPostBy(author)} to ${PLATFORM_NAMES[platform]} failed: ${reason}`;
