import { CreateApiKeyBodySchema, CreatedApiKeySchema } from '@shared/api-keys';
import { createApiKey } from '../../domain/api-keys';
import { httpHandler } from '../../domain/http-api';

/** POST /api/workspace/api-keys: a new key, answered in full this once (only its hash is kept). */
export const handler = httpHandler({ body: CreateApiKeyBodySchema }, async ({ workspaceId, userId, role, body }) => ({
  statusCode: 201,
  body: CreatedApiKeySchema.parse(await createApiKey({ workspaceId, userId, role }, body)),
}));
