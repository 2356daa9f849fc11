import { QueueQuerySchema } from '@shared/queue';
import { getQueue } from '../../domain/queue';
import { httpHandler, ok } from '../../domain/http-api';

/** GET /api/queue?days=: every account's upcoming slots, filled or empty (docs/queue.md). */
export const handler = httpHandler({ query: QueueQuerySchema }, async ({ workspaceId, query }) => ok(await getQueue(workspaceId, query.days)));
