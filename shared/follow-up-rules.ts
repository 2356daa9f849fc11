import { PLATFORM_NAMES, type Platform } from './platforms';

/**
 * What goes out after a post on the same target (docs/first-comment-and-threads.md): an
 * optional first comment (X: a reply) and, on X, the thread's further parts as a reply chain. The
 * compose rules live here, apart from shared/follow-ups.ts (the stored outcome's schemas, which
 * re-exports them) because that module builds zod schemas when it loads and the Posts cards and
 * Compose paint with these; the text rules are the platforms' own.
 */

/** Where a first comment can go, and the most characters each takes for one. Pinterest has none: a pin takes no replies through the API. */
export const FIRST_COMMENT_LIMITS = {
  /** IG comments: 2,200 characters, like captions (developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-media/comments). */
  instagram: 2200,
  /** Facebook comments: 8,000 characters (Graph `/{object-id}/comments`). */
  facebook: 8000,
  /** `snippet.topLevelComment.snippet.textOriginal`: 10,000 characters (commentThreads.insert, "commentTextTooLong"). */
  youtube: 10000,
  /** A reply is a post: 280 weighted characters (twitter-text). */
  x: 280,
  /** A reply is a post: 300 graphemes (app.bsky.feed.post). */
  bluesky: 300,
  /** A reply is a Threads post: 500 characters (developers.facebook.com/documentation/threads/posts). */
  threads: 500,
  /** LinkedIn comments (POST /rest/socialActions/{post}/comments): 1,250 characters (**unconfirmed**: LinkedIn's composer limit; the reference states none). */
  linkedin: 1250,
} as const satisfies Partial<Record<Platform, number>>;
export type FirstCommentPlatform = keyof typeof FIRST_COMMENT_LIMITS;
export const FIRST_COMMENT_PLATFORMS = Object.keys(FIRST_COMMENT_LIMITS) as FirstCommentPlatform[];

export function supportsFirstComment(platform: Platform): platform is FirstCommentPlatform {
  return platform in FIRST_COMMENT_LIMITS;
}

/**
 * The permission a first comment needs, per platform: Instagram Login's instagram_business_manage_comments,
 * Facebook's pages_manage_engagement to comment and pages_read_user_content to list the post's comments
 * (the lookup after a lost answer: other people's comments are user content on the Page, Meta's Pages
 * API permissions), YouTube's youtube.force-ssl, X's tweet.write (a reply is a post).
 */
export const FIRST_COMMENT_SCOPES: Record<FirstCommentPlatform, readonly string[]> = {
  instagram: ['instagram_business_manage_comments'],
  facebook: ['pages_manage_engagement', 'pages_read_user_content'],
  youtube: ['https://www.googleapis.com/auth/youtube.force-ssl'],
  x: ['tweet.write'],
  // A reply is a record in the account's own repository: any session that can post can reply.
  bluesky: [],
  threads: ['threads_manage_replies', 'threads_read_replies'],
  // Commenting comes with posting (w_member_social; w_organization_social for pages, asked for in the same grant).
  linkedin: ['w_member_social'],
};

/** 'reconnect' when a recorded grant lacks the comment permission (a grant with no recorded scopes counts as ready). */
export function firstCommentReadiness(platform: Platform, scopes: readonly string[] | undefined): 'ready' | 'reconnect' | undefined {
  if (!supportsFirstComment(platform)) return undefined;
  if (!scopes) return 'ready';
  return FIRST_COMMENT_SCOPES[platform].every((s) => scopes.includes(s)) ? 'ready' : 'reconnect';
}

/**
 * Where a thread (the caption, then each further part as a reply to the one before) can go: X, and
 * Threads, whose replies are posts of their own (reply_to_id). Each part takes the network's post limit.
 */
export const THREAD_PLATFORMS = ['x', 'threads'] as const satisfies readonly Platform[];
export type ThreadPlatform = (typeof THREAD_PLATFORMS)[number];

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
