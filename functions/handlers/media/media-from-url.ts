import { MediaFromUrlBodySchema } from '@shared/media-url';
import { MediaItemSchema } from '@shared/posts';
import { importMediaFromUrl } from '../../domain/media-from-url';
import { httpHandler } from '../../domain/http-api';

/** POST /api/media/from-url: fetch a public link into the user's media; answers as POST /api/media does. */
export const handler = httpHandler({ body: MediaFromUrlBodySchema }, async ({ workspaceId, body }) => ({
  statusCode: 201,
  body: MediaItemSchema.parse(await importMediaFromUrl(workspaceId, body.url)),
}));
