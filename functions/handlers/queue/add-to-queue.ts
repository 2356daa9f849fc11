import { PostWithLimitWarningsSchema } from '@shared/platform-limits';
import { AddToQueueBodySchema } from '@shared/post-bodies';
import { withLimitWarnings } from '../../domain/platform-limits';
import { addToQueue } from '../../domain/queue';
import { httpHandler } from '../../domain/http-api';
import { assertSchedulesDirectly } from '../../domain/approvals';

/** POST /api/queue/posts: the Compose post, scheduled in the earliest slot free on all its accounts (docs/queue.md#adding). */
export const handler = httpHandler({ body: AddToQueueBodySchema }, async ({ workspaceId, userId, role, body }) => {
  await assertSchedulesDirectly({ workspaceId, userId, role });
  const post = await addToQueue(workspaceId, body, undefined, userId);
  return { statusCode: 201, body: PostWithLimitWarningsSchema.parse(await withLimitWarnings(workspaceId, post)) };
});
