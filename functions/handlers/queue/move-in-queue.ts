import { MoveInQueueBodySchema } from '@shared/queue';
import { assertSchedulesDirectly } from '../../domain/approvals';
import { moveInQueue } from '../../domain/queue';
import { httpHandler, ok } from '../../domain/http-api';

/**
 * PATCH /api/queue: moves a queued post to another slot, swapping with the post there (docs/queue.md#reordering).
 * Both posts are scheduled and get new times, so only someone who schedules directly may move them (docs/approvals.md).
 */
export const handler = httpHandler({ body: MoveInQueueBodySchema }, async ({ workspaceId, userId, role, body }) => {
  await assertSchedulesDirectly({ workspaceId, userId, role });
  return ok(await moveInQueue(workspaceId, body));
});
