import { blueskyClientDocument } from '../../domain/bluesky-client';
import { httpHandler, ok } from '../../domain/http-api';
import { NotFoundError } from '../../lib/errors';

/**
 * GET /api/oauth/bluesky/jwks.json: the public key our atproto token requests are signed with
 * (private_key_jwt), named by the client metadata's jwks_uri. Public: authorization servers fetch it.
 */
export const handler = httpHandler({ auth: 'public' }, async () => {
  const document = await blueskyClientDocument('jwks');
  if (!document) throw new NotFoundError('Bluesky is not offered here');
  return ok(document);
});
