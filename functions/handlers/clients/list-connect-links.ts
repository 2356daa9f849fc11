import { ClientIdParamsSchema } from '@shared/clients';
import { ConnectLinkListSchema } from '@shared/connect-links';
import { activeConnectLinks } from '../../domain/connect-links';
import { httpHandler, ok } from '../../domain/http-api';

/** GET /api/clients/{id}/connect-links: the client's working links, without their tokens. */
export const handler = httpHandler({ params: ClientIdParamsSchema }, async ({ workspaceId, params }) =>
  ok(ConnectLinkListSchema.parse({ items: await activeConnectLinks(workspaceId, params.id) })),
);
