import { blueskyClientDocument } from '../../domain/bluesky-client';
import { httpHandler, ok } from '../../domain/http-api';
import { NotFoundError } from '../../lib/errors';

/**
 * GET /api/oauth/bluesky/client-metadata.json: our atproto OAuth client metadata, whose URL is our
 * client_id (docs/bluesky.md#connecting). Public: Bluesky's authorization servers fetch it.
 */
export const handler = httpHandler({ auth: 'public' }, async () => {
  const document = await blueskyClientDocument('metadata');
  if (!document) throw new NotFoundError('Bluesky is not offered here');
  return ok(document);
});
