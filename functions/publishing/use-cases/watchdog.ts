import { logger } from '../../lib/logger';
import { STUCK_MESSAGE } from '../model';
import type { WatchdogEngine } from '../ports';
import { dispatchPost, sendTargets } from './dispatch';
import { failOpenTargets } from './settle';

/** The watchdog leaves posts alone while the engine touched them this recently. */
const QUIET_BEFORE_WATCHDOG_MS = 10 * 60 * 1000;

/**
 * Every 5 minutes: a post still open 15 minutes after its due time, that the engine has not touched
 * for 10 minutes, is dispatched again once; found stuck again later, its open targets fail with a
 * visible reason. Nothing stays stuck silently.
 */
export async function runWatchdog(engine: WatchdogEngine): Promise<{ redispatched: number; failed: number }> {
  const now = engine.now();
  const candidates = await engine.store.listOpenPostsDueBefore(new Date(now.getTime() - engine.settings().retryWindowMs));
  let redispatched = 0;
  let failed = 0;
  for (const { userId, postId } of candidates) {
    const post = await engine.store.getPost(userId, postId);
    if (!post || !['scheduled', 'queued', 'publishing'].includes(post.status)) continue;
    if (now.getTime() - Date.parse(post.updated_at) < QUIET_BEFORE_WATCHDOG_MS) continue;
    if (!post.watchdog_at) {
      if (!(await engine.store.markWatchdogRedispatch(userId, postId, now))) continue;
      logger.warn('Watchdog re-dispatches a stuck post', { postId, status: post.status });
      if (post.status === 'scheduled') await dispatchPost({ userId, postId, version: post.version }, engine);
      else await sendTargets(engine, userId, post);
      redispatched += 1;
    } else {
      logger.warn('Watchdog fails a post stuck after its second chance', { postId, status: post.status });
      await failOpenTargets(userId, post, STUCK_MESSAGE, engine);
      failed += 1;
    }
  }
  return { redispatched, failed };
}
