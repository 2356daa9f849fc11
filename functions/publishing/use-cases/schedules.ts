import type { PostRecord } from '../../data/posts';
import { logger } from '../../lib/logger';
import { scheduleName, scheduleTimeFor, type DispatchInput } from '../model';
import type { DispatchScheduler, ScheduleEngine } from '../ports';
import { dispatchPost } from './dispatch';

/**
 * Keeping a post's schedule in step with the post (docs/publishing.md#schedule): the posts API,
 * recurrence and import create, move and remove it through these.
 */

/**
 * Creates or moves the post's schedule to its current time and version. A post due so soon that the
 * schedule time has passed is dispatched straight away instead (the dispatcher delays it to the
 * second).
 */
export async function scheduleDispatch(userId: string, post: PostRecord, engine: ScheduleEngine): Promise<void> {
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
export async function removeSchedule(postId: string, scheduler: DispatchScheduler): Promise<void> {
  try {
    await scheduler.remove(scheduleName(postId));
  } catch (error) {
    logger.warn('Could not delete a schedule; the dispatcher will ignore it', { postId, error });
  }
}
