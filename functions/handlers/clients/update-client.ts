import { ClientIdParamsSchema, UpdateClientSchema } from '@shared/clients';
import { updateClient } from '../../domain/clients';
import { httpHandler, ok } from '../../domain/http-api';

/** PATCH /api/clients/{id}: the edit dialog (name, logo URL). */
export const handler = httpHandler({ params: ClientIdParamsSchema, body: UpdateClientSchema }, async ({ workspaceId, params, body }) =>
  ok(await updateClient(workspaceId, params.id, body)),
);
