import { ApiKeyIdParamsSchema } from '@shared/api-keys';
import { revokeApiKey } from '../../domain/api-keys';
import { httpHandler, noContent } from '../../domain/http-api';

/** DELETE /api/workspace/api-keys/{id}: the key is refused from its next request on. */
export const handler = httpHandler({ params: ApiKeyIdParamsSchema }, async ({ workspaceId, userId, role, params }) => {
  await revokeApiKey({ workspaceId, userId, role }, params.id);
  return noContent();
});
