import { ConnectionIdParamsSchema } from '@shared/accounts';
import { PutQueueScheduleBodySchema } from '@shared/queue';
import { setQueueSchedule } from '../../domain/queue';
import { httpHandler, ok } from '../../domain/http-api';

/** PUT /api/queue/schedules/{id}: replaces one account's (or, with kind client, one client's) weekly posting times (docs/queue.md#the-rules). */
export const handler = httpHandler({ params: ConnectionIdParamsSchema, body: PutQueueScheduleBodySchema }, async ({ workspaceId, params, body }) =>
  ok(await setQueueSchedule(workspaceId, params.id, body)),
);
