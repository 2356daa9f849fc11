import { ClientIdParamsSchema } from '@shared/clients';
import { deleteClient } from '../../domain/clients';
import { httpHandler, noContent } from '../../domain/http-api';

/** DELETE /api/clients/{id}: no confirmation (docs/product-rules.md#clients); the client's posts stay, unassigned. */
export const handler = httpHandler({ params: ClientIdParamsSchema }, async ({ workspaceId, params }) => {
  await deleteClient(workspaceId, params.id);
  return noContent();
});
