import { getQueueSchedules } from '../../domain/queue';
import { httpHandler, ok } from '../../domain/http-api';

/** GET /api/queue/schedules: each connected account's weekly posting times, and the timezone they are in (docs/queue.md). */
export const handler = httpHandler({}, async ({ workspaceId }) => ok(await getQueueSchedules(workspaceId)));
