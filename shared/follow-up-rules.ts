import { NETWORKS, type Network } from './networks';
import { PLATFORM_NAMES, networkOf, type Platform } from './platforms';

/**
 * What goes out after a post on the same target (docs/first-comment-and-threads.md): an
 * optional first comment (X: a reply) and, on X, the thread's further parts as a reply chain. The
 * compose rules live here, apart from shared/follow-ups.ts (the stored outcome's schemas, which
 * re-exports them) because that module builds zod schemas when it loads and the Posts cards and
 * Compose paint with these; the text rules are the platforms' own.
 */

/** Where a first comment can go: the networks whose descriptor has `firstComment` (Pinterest has none: a pin takes no replies through the API). */
export type FirstCommentPlatform = Extract<Network, { readonly firstComment: object }>['id'];
const takesFirstComment = (n: Network): n is Extract<Network, { readonly firstComment: object }> => 'firstComment' in n;

/** The most characters a first comment takes, per network (each descriptor says where the number comes from). */
export const FIRST_COMMENT_LIMITS = Object.fromEntries(NETWORKS.filter(takesFirstComment).map((n) => [n.id, n.firstComment.limit])) as Readonly<
  Record<FirstCommentPlatform, number>
>;
export const FIRST_COMMENT_PLATFORMS = NETWORKS.filter(takesFirstComment).map<FirstCommentPlatform>((n) => n.id);

export function supportsFirstComment(platform: Platform): platform is FirstCommentPlatform {
  return platform in FIRST_COMMENT_LIMITS;
}

/** The permissions a first comment needs, all of them, per network (each descriptor's `firstComment.scopes`). */
export const FIRST_COMMENT_SCOPES = Object.fromEntries(
  NETWORKS.filter(takesFirstComment).map((n): [string, readonly string[]] => [n.id, n.firstComment.scopes]),
) as Record<FirstCommentPlatform, readonly string[]>;

/** Whether compose calls the first comment a reply (X, Threads: the network's own word for it) rather than a comment. */
export function firstCommentIsReply(platform: Platform): boolean {
  const network = networkOf(platform);
  return 'firstComment' in network && network.firstComment.shownAs === 'reply';
}

/** 'reconnect' when a recorded grant lacks the comment permission (a grant with no recorded scopes counts as ready). */
export function firstCommentReadiness(platform: Platform, scopes: readonly string[] | undefined): 'ready' | 'reconnect' | undefined {
  if (!supportsFirstComment(platform)) return undefined;
  if (!scopes) return 'ready';
  return FIRST_COMMENT_SCOPES[platform].every((s) => scopes.includes(s)) ? 'ready' : 'reconnect';
}

/**
 * Where a thread (the caption, then each further part as a reply to the one before) can go: the
 * networks whose descriptor says `thread` (X, and Threads, whose replies are posts of their own).
 * Each part takes the network's post limit.
 */
export type ThreadPlatform = Extract<Network, { readonly thread: true }>['id'];
export const THREAD_PLATFORMS = NETWORKS.filter((n) => 'thread' in n && n.thread).map((n) => n.id) as readonly ThreadPlatform[];

export function supportsThread(platform: Platform): platform is ThreadPlatform {
  return (THREAD_PLATFORMS as readonly Platform[]).includes(platform);
}

/** A thread is the caption plus at most this many more parts (X's composer stops at 25 posts). */
export const MAX_THREAD_PARTS = 25;

export const FOLLOW_UP_MESSAGES = {
  firstCommentUnsupported: (platform: Platform) => `First comments aren't available on ${PLATFORM_NAMES[platform]}`,
  firstCommentTooLong: (platform: Platform, limit: number, length: number) =>
    `${PLATFORM_NAMES[platform]} first comment exceeds limit of ${limit.toLocaleString('en-US')} characters (current: ${length.toLocaleString('en-US')})`,
  threadOnlyOnX: 'Threads are only available on X and Threads',
  threadPartEmpty: (part: number) => `Part ${part} of the thread is empty; write it or remove it`,
  threadPartTooLong: (part: number, length: number, platform: ThreadPlatform = 'x') =>
    `Part ${part} of the thread exceeds ${PLATFORM_NAMES[platform]}${PLATFORM_NAMES[platform].endsWith('s') ? "'" : "'s"} limit of ${FIRST_COMMENT_LIMITS[platform]} characters (current: ${length})`,
  threadTooLong: `A thread has at most ${MAX_THREAD_PARTS} parts`,
  /** When the connection was granted before comments were asked for (compose and the failed comment say it). */
  reconnectForComments: (platform: Platform) => `Reconnect ${PLATFORM_NAMES[platform]} to post first comments`,
  /** The card's line for a thread that stopped part-way. */
  threadStopped: (posted: number, total: number, failedPart: number, reason: string) =>
    `Posted ${posted} of ${total} parts: part ${failedPart} failed: ${reason}`,
} as const;
