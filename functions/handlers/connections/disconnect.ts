import { ConnectionIdParamsSchema } from '@shared/accounts';
import { disconnectConnection } from '../../domain/disconnect';
import { httpHandler, noContent } from '../../domain/http-api';

/** DELETE /api/accounts/{id}: removes the account and its tokens. */
export const handler = httpHandler({ params: ConnectionIdParamsSchema }, async ({ workspaceId, params }) => {
  await disconnectConnection(workspaceId, params.id);
  return noContent();
});
