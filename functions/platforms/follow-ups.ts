import { FOLLOW_UP_MESSAGES, supportsThread, type FollowUps } from '@shared/follow-ups';
import { PLATFORM_NAMES, type Platform } from '@shared/platforms';
import { UNKNOWN_OUTCOME_MESSAGE } from './publish';
import { PlatformError, type PlatformAdapter, type PublishCheckpoint, type PublishContext, type PublishStepResult } from './types';

/**
 * The steps after a post (docs/first-comment-and-threads.md): the further thread parts on X and
 * Threads, as a reply chain, then the first comment (X and Threads: a reply). They are more steps of the same step machine
 * (docs/publishing.md#exactly-once): the post's id is checkpointed as soon as the platform gives it,
 * each part and the comment checkpoint "attempted at" before their create and their id after it, so
 * a redelivered message, or a crash after the platform answered, never posts anything twice: an
 * unknown outcome looks for the reply or comment before creating it again.
 */

/** A reply or comment as the platform made it. */
export interface CreatedReply {
  readonly id: string;
  readonly url: string | null;
}

/** How one platform comments under a post (or, on X, replies to one). */
export interface ReplyApi {
  readonly platform: Platform;
  /** Scopes a comment needs; a grant recorded without one gets "Reconnect … to post first comments". */
  readonly commentScopes: readonly string[];
  /** Creates the comment/reply `text` under `parentId` (a PlatformError on refusal, with `details.status` when the platform answered). */
  create(context: PublishContext, parentId: string, text: string): Promise<CreatedReply>;
  /** After a lost answer: our comment/reply with this text under `parentId` since `since` (ISO), if the platform shows one. */
  find(context: PublishContext, parentId: string, text: string, since: string): Promise<CreatedReply | undefined>;
}

/** A thread that stopped part-way: the target fails with this, and the card keeps what went out. */
export class FollowUpError extends PlatformError {
  constructor(
    source: PlatformError,
    message: string,
    readonly followUps: FollowUps,
  ) {
    super(source.platform, source.category, message, source.details);
  }
}

/** The follow-up state, flat in the checkpoint (checkpoints hold primitives only). */
interface State {
  postId: string;
  postUrl: string;
  /** Ids and links of parts 2.. that went out, in order. */
  partIds: string[];
  partUrls: string[];
  partAttemptedAt: string | null;
  commentAttemptedAt: string | null;
  /** JSON of the comment's outcome, once it has one. */
  comment: FollowUps['first_comment'] | null;
}

const KEY = 'followUps';
/** A lost answer's create started at most this long before the lookup (one call's timeout and then some). */
const LOST_ANSWER_LOOKBACK_MS = 60_000;

function readState(cp: PublishCheckpoint | null): State | null {
  const raw = cp?.[KEY];
  if (typeof raw !== 'string') return null;
  return JSON.parse(raw) as State;
}

const toCheckpoint = (state: State): PublishCheckpoint => ({ [KEY]: JSON.stringify(state) });

/** Graph's #10 / #200 permission errors and Google's insufficientPermissions: the grant lacks the comment scope. */
const MISSING_PERMISSION = new Set(['10', '200', 'insufficientPermissions']);
const isMissingPermission = (error: PlatformError) => MISSING_PERMISSION.has(String(error.details.code ?? '').split('/')[0]);

const reasonOf = (error: PlatformError) => (error.category === 'unknown-outcome' ? `${UNKNOWN_OUTCOME_MESSAGE}.` : error.message);

/** Wraps an adapter so that a post with a first comment or thread parts goes on to them after the post. */
export function withFollowUps<A extends PlatformAdapter>(adapter: A, api: ReplyApi, now: () => Date): A {
  const publishStep = async (context: PublishContext): Promise<PublishStepResult> => {
    const { settings } = context.request;
    const parts = supportsThread(api.platform) ? (settings.thread ?? []).filter((p) => p.trim()) : [];
    const comment = settings.first_comment?.trim() ?? '';
    let state = readState(context.checkpoint);
    if (!state) {
      const result = await adapter.publishStep(context);
      if (result.status !== 'posted' || (parts.length === 0 && !comment)) return result;
      state = {
        postId: result.platformPostId,
        postUrl: result.postUrl,
        partIds: [],
        partUrls: [],
        partAttemptedAt: null,
        commentAttemptedAt: null,
        comment: null,
      };
      // From here on a redelivery resumes after the post, never posts it again.
      await context.saveCheckpoint(toCheckpoint(state));
    }
    const save = (next: State) => context.saveCheckpoint(toCheckpoint((state = next)));

    const threadOutcome = (failed?: { part: number; reason: string }): FollowUps['thread'] =>
      parts.length === 0
        ? undefined
        : {
            total: parts.length + 1,
            posted: state!.partIds.length + 1,
            urls: [state!.postUrl, ...state!.partUrls],
            failed_part: failed?.part ?? null,
            error: failed?.reason ?? null,
          };

    // Thread parts 2..n, each a reply to the one before.
    while (state.partIds.length < parts.length) {
      const k = state.partIds.length;
      const parent = k === 0 ? state.postId : state.partIds[k - 1];
      try {
        const created = await createOnce(context, api, parent, parts[k], state.partAttemptedAt, (at) => save({ ...state!, partAttemptedAt: at }));
        await save({ ...state, partIds: [...state.partIds, created.id], partUrls: [...state.partUrls, created.url ?? state.postUrl], partAttemptedAt: null });
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        const part = k + 2;
        const reason = reasonOf(error);
        const thread = threadOutcome({ part, reason })!;
        // A transient refusal comes back for the same part (the engine re-queues); a final one fails the target, saying what went out.
        const category = error.category === 'unknown-outcome' ? 'stop' : error.category;
        throw new FollowUpError(
          new PlatformError(error.platform, category, reason, error.details),
          FOLLOW_UP_MESSAGES.threadStopped(thread.posted, thread.total, part, reason),
          { thread },
        );
      }
    }

    if (comment && !state.comment) {
      const outcome = await firstComment(context, api, state, comment, (next) => save(next));
      await save({ ...state, commentAttemptedAt: null, comment: outcome });
    }
    const followUps: FollowUps = { ...(parts.length ? { thread: threadOutcome() } : {}), ...(state.comment ? { first_comment: state.comment } : {}) };
    return { status: 'posted', platformPostId: state.postId, postUrl: state.postUrl, followUps };
  };

  /** One create that is never repeated blindly: a marker before, a lookup after a lost answer. */
  async function createOnce(
    context: PublishContext,
    replies: ReplyApi,
    parentId: string,
    text: string,
    attemptedAt: string | null,
    mark: (at: string | null) => Promise<void>,
  ): Promise<CreatedReply> {
    if (attemptedAt) {
      const found = await replies.find(context, parentId, text, attemptedAt);
      if (found) return found;
    }
    await mark(now().toISOString());
    try {
      return await replies.create(context, parentId, text);
    } catch (error) {
      // The platform answered with a refusal: nothing was created, take the marker back.
      if (error instanceof PlatformError && error.details.status !== undefined) await mark(null);
      throw error;
    }
  }

  /** The comment's outcome; it never fails the post (docs/first-comment-and-threads.md#steps-and-guarantees). */
  async function firstComment(context: PublishContext, replies: ReplyApi, state: State, text: string, save: (s: State) => Promise<void>) {
    const granted = context.tokens.scopes;
    if (granted && !replies.commentScopes.every((s) => granted.includes(s)))
      return { status: 'failed' as const, url: null, error: `${FOLLOW_UP_MESSAGES.reconnectForComments(replies.platform)}.` };
    try {
      const created = await createOnce(context, replies, state.postId, text, state.commentAttemptedAt, (at) => save({ ...state, commentAttemptedAt: at }));
      return { status: 'posted' as const, url: created.url ?? state.postUrl, error: null };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      // Lost answer: look once more before calling it failed, so the card never says failed for a comment that is there.
      if (error.details.status === undefined) {
        const since = new Date(now().getTime() - LOST_ANSWER_LOOKBACK_MS).toISOString();
        const found = await replies.find(context, state.postId, text, since).catch(() => undefined);
        if (found) return { status: 'posted' as const, url: found.url ?? state.postUrl, error: null };
      }
      const reason =
        error.category === 'reauth' || isMissingPermission(error)
          ? `${FOLLOW_UP_MESSAGES.reconnectForComments(replies.platform)}.`
          : error.details.status === undefined
            ? `We couldn't confirm the first comment went out on ${PLATFORM_NAMES[replies.platform]}; check the post.`
            : reasonOf(error);
      return { status: 'failed' as const, url: null, error: reason };
    }
  }

  return { ...adapter, publishStep };
}
