import { ConnectLinkParamsSchema } from '@shared/connect-links';
import { revokeConnectLink } from '../../domain/connect-links';
import { httpHandler, noContent } from '../../domain/http-api';

/** DELETE /api/clients/{id}/connect-links/{linkId}: the link stops working, for a connect under way too. */
export const handler = httpHandler({ params: ConnectLinkParamsSchema }, async ({ workspaceId, params }) => {
  await revokeConnectLink(workspaceId, params.id, params.linkId);
  return noContent();
});
