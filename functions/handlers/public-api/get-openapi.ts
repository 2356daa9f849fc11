import { httpHandler } from '../../domain/http-api';
import { openApiDocument } from '../../domain/openapi';

/** The public API's OpenAPI document: the same for everyone and changed only by a deployment, so caches may keep it a while. */
export const handler = httpHandler({ auth: 'public' }, async () => ({
  statusCode: 200,
  body: openApiDocument(),
  headers: { 'cache-control': 'public, max-age=300' },
}));
