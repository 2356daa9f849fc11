import { logger } from '../../lib/logger';
import { DEAD_LETTER_MESSAGE, DispatchInputSchema, isTerminal, PublishMessageSchema } from '../model';
import type { SettleEngine } from '../ports';
import { failOpenTargets, finish } from './settle';

/** A message that exhausted its deliveries: the target (or, from the scheduler's DLQ, the post) fails visibly. */
export async function failFromDeadLetter(raw: unknown, engine: SettleEngine): Promise<void> {
  // A failed asynchronous invocation of the dispatcher reaches its DLQ wrapped by Lambda
  // ({ requestContext, requestPayload, responsePayload }); the Scheduler's own DLQ gets the input as is.
  const body = raw && typeof raw === 'object' && 'requestPayload' in raw ? raw.requestPayload : raw;
  const asTarget = PublishMessageSchema.safeParse(body);
  const asDispatch = DispatchInputSchema.safeParse(body);
  const ids = asTarget.success ? asTarget.data : asDispatch.success ? asDispatch.data : null;
  if (!ids) {
    logger.error('Unreadable dead letter', { body });
    return;
  }
  const post = await engine.store.getPost(ids.userId, ids.postId);
  if (!post || post.version !== ids.version) return;
  if (asTarget.success) {
    const index = post.platforms.findIndex((t) => t.id === asTarget.data.targetId);
    const target = post.platforms[index];
    if (target && !isTerminal(target)) await finish({ userId: ids.userId, post, index, target }, { status: 'failed', message: DEAD_LETTER_MESSAGE }, engine);
    return;
  }
  await failOpenTargets(ids.userId, post, DEAD_LETTER_MESSAGE, engine);
}
