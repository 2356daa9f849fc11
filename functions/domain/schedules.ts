import type { PostRecord } from '../data/posts';
import { defaultDeps, type Deps } from '../lib/clock';
import { logger } from '../lib/logger';
import { eventBridgeSchedules } from '../lib/dispatch-schedules';
import { awsDispatchEngine, dispatchPost, type DispatchInput } from './dispatch';
import type { DispatchScheduler, ScheduleEngine } from './engine';

export { atExpression } from '../lib/dispatch-schedules';

/**
 * Each scheduled post owns the one-shot EventBridge Scheduler schedule `post-<postId>` (issue 5):
 * `at()` one minute before the due minute, in UTC, deleted after it fires. Scheduler has minute
 * precision and fires somewhere inside that minute; the dispatcher's SQS delays then land each
 * target on the due second.
 */
export const scheduleName = (postId: string) => `post-${postId}`;

/** The schedule time for a due time: the start of the minute before the due minute. */
export function scheduleTimeFor(dueIso: string): Date {
  const due = Date.parse(dueIso);
  return new Date(Math.floor(due / 60_000) * 60_000 - 60_000);
}

/**
 * Creates or moves the post's schedule to its current time and version. A post due so soon that the
 * schedule time has passed is dispatched straight away instead (the dispatcher delays it to the
 * second).
 */
export async function scheduleDispatch(
  userId: string,
  post: PostRecord,
  deps: Deps = defaultDeps,
  engine: ScheduleEngine = { ...awsDispatchEngine, scheduler: eventBridgeSchedules, ...deps },
): Promise<void> {
  if (!post.scheduled_at) throw new Error('Only a post with a time can be scheduled');
  const at = scheduleTimeFor(post.scheduled_at);
  const input: DispatchInput = { userId, postId: post.id, version: post.version };
  if (at.getTime() <= engine.now().getTime() + 5_000) {
    await removeSchedule(post.id, engine.scheduler);
    await dispatchPost(input, engine);
    return;
  }
  await engine.scheduler.put({ name: scheduleName(post.id), at, input });
}

/** Removes the post's schedule, if any. A stale schedule left behind is harmless: the dispatcher checks the version. */
export async function removeSchedule(postId: string, scheduler: DispatchScheduler = eventBridgeSchedules): Promise<void> {
  try {
    await scheduler.remove(scheduleName(postId));
  } catch (error) {
    logger.warn('Could not delete a schedule; the dispatcher will ignore it', { postId, error });
  }
}
