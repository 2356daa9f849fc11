import { ConnectLinkPreviewQuerySchema, ConnectLinkPreviewSchema } from '@shared/connect-links';
import { previewConnectLink } from '../../domain/connect-links';
import { httpHandler, ok } from '../../domain/http-api';

/** GET /api/connect-links/preview?token=: what the public connect page shows (public: the token is the key). */
export const handler = httpHandler({ auth: 'public', query: ConnectLinkPreviewQuerySchema }, async ({ query }) =>
  ok(ConnectLinkPreviewSchema.parse(await previewConnectLink(query.token))),
);
