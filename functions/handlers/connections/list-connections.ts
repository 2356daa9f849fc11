import { ListedConnectionsSchema } from '@shared/connection-health';
import { listConnectionsWithHealth } from '../../domain/connection-health';
import { httpHandler, ok } from '../../domain/http-api';

/** GET /api/accounts: the user's connected accounts, newest first, each with when it must be reconnected; never a token. */
export const handler = httpHandler({}, async ({ workspaceId }) =>
  ok(ListedConnectionsSchema.parse({ accounts: await listConnectionsWithHealth(workspaceId) })),
);
