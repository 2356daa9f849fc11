import { PLATFORM_NAMES } from '@shared/platforms';
import { logger } from '../../lib/logger';
import {
  failedNotice,
  failedNoticeForOthers,
  isTerminal,
  publishedNotice,
  publishedNoticeForOthers,
  type Attempt,
  type EnginePost,
  type EngineTarget,
  type TargetOutcome,
} from '../model';
import type { SettleEngine } from '../ports';

// ---------------------------------------------------------------------------------------------
// Settling and telling the user

/** Settles a target (as the lease holder, or with no owner as anyone), then the post once all its targets are settled, then tells the user. */
export async function finish(attempt: Attempt, outcome: TargetOutcome, engine: SettleEngine): Promise<void> {
  const { userId, post, target } = attempt;
  const now = engine.now();
  const after = await engine.store.settleTarget(attempt, outcome, now);
  if (!after) return;
  let postStatus: string = after.status;
  if (after.platforms.every(isTerminal)) {
    const derived = derivePostOutcome(after.platforms);
    if (await engine.store.settlePost(userId, after, derived, now)) {
      postStatus = derived.status;
      // Only the settle that moved the post records it, so the history has one entry per outcome.
      await engine
        .recordActivity?.(userId, post.id, derived.status, engine)
        .catch((error: unknown) => logger.error('Could not record the outcome in the post’s history', { error, postId: post.id }));
      const type =
        derived.status === 'posted' ? 'post.published' : after.platforms.some((t) => t.status === 'posted') ? 'post.partially_failed' : 'post.failed';
      await engine
        .emitEvent?.(userId, type, {
          post_id: post.id,
          status: derived.status,
          published_at: derived.publishedAt,
          error_message: derived.errorMessage,
          platforms: after.platforms.map((t) => ({ platform: t.platform, status: t.status, error_message: t.error_message ?? null })),
        })
        .catch((error: unknown) => logger.error('Could not emit the outcome to webhooks', { error, postId: post.id }));
    }
  }
  const notice = outcome.status === 'posted' ? publishedNotice(target.platform) : failedNotice(target.platform, outcome.message);
  const othersMessage = outcome.status === 'posted' ? publishedNoticeForOthers(target.platform) : failedNoticeForOthers(target.platform, outcome.message);
  const kind = outcome.status === 'posted' ? 'post_published' : 'post_failed';
  // The author is whoever submitted it for approval, else whoever wrote it; the table adds the Admins.
  const authorId = post.submitted_by ?? post.created_by ?? null;
  await engine
    .notify(userId, { kind, message: notice, othersMessage, postId: post.id, postStatus, authorId }, engine)
    .catch((error: unknown) => logger.error('Could not record the outcome notice', { error, postId: post.id }));
  // After the outcome and its notice: analytics never fails or delays publishing (docs/analytics.md#guarantees).
  await engine
    .recordOutcome?.(userId, after, attempt.index, engine)
    .catch((error: unknown) => logger.error('Could not record the outcome for analytics', { error, postId: post.id, platform: target.platform }));
}

function listNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** posted when every target posted; failed otherwise, saying what did go out. */
export function derivePostOutcome(targets: readonly EngineTarget[]): { status: 'posted' | 'failed'; publishedAt: string | null; errorMessage: string | null } {
  const posted = targets.filter((t) => t.status === 'posted');
  const failed = targets.filter((t) => t.status === 'failed');
  const lastPostedAt =
    posted
      .map((t) => t.posted_at ?? '')
      .sort()
      .at(-1) || null;
  if (failed.length === 0) return { status: 'posted', publishedAt: lastPostedAt, errorMessage: null };
  const names = (list: EngineTarget[]) => [...new Set(list.map((t) => PLATFORM_NAMES[t.platform]))];
  const failures = failed.map((t) => `${PLATFORM_NAMES[t.platform]} failed: ${t.error_message ?? 'unknown error'}`).join('; ');
  const went = posted.length > 0 ? `Published to ${listNames(names(posted))}; ` : '';
  return { status: 'failed', publishedAt: lastPostedAt, errorMessage: `${went}${failures}` };
}

/** Fails every target of the post that is still open (the watchdog's last word, a dispatch's dead letter). */
export async function failOpenTargets(userId: string, post: EnginePost, message: string, engine: SettleEngine): Promise<void> {
  for (const [index, target] of post.platforms.entries()) {
    if (!isTerminal(target)) await finish({ userId, post, index, target }, { status: 'failed', message }, engine);
  }
}
