import { ClientIdParamsSchema } from '@shared/clients';
import { CreateConnectLinkBodySchema, CreatedConnectLinkSchema } from '@shared/connect-links';
import { createConnectLink } from '../../domain/connect-links';
import { httpHandler } from '../../domain/http-api';

/** POST /api/clients/{id}/connect-links: a link the client opens to connect their own accounts (its URL is shown this once). */
export const handler = httpHandler({ params: ClientIdParamsSchema, body: CreateConnectLinkBodySchema }, async ({ workspaceId, userId, params, body }) => ({
  statusCode: 201,
  body: CreatedConnectLinkSchema.parse(await createConnectLink({ workspaceId, userId }, params.id, body)),
}));
