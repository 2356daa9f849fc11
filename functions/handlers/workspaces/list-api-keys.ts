import { ApiKeyListSchema } from '@shared/api-keys';
import { apiKeysOf } from '../../domain/api-keys';
import { httpHandler, ok } from '../../domain/http-api';

/** GET /api/workspace/api-keys: the workspace's keys, masked (the key itself is never stored). */
export const handler = httpHandler({}, async ({ workspaceId }) => ok(ApiKeyListSchema.parse({ items: await apiKeysOf(workspaceId) })));
