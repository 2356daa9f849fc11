import { MoveInQueueBodySchema } from '@shared/queue';
import { moveInQueue } from '../../domain/queue';
import { httpHandler, ok } from '../../domain/http-api';

/** PATCH /api/queue: moves a queued post to another slot, swapping with the post there (docs/queue.md#reordering). */
export const handler = httpHandler({ body: MoveInQueueBodySchema }, async ({ workspaceId, body }) => ok(await moveInQueue(workspaceId, body)));
