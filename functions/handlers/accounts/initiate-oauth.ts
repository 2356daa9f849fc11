import { InitiateOAuthResponseSchema, PlatformParamsSchema } from '@shared/accounts';
import { initiateConnect } from '../../domain/accounts';
import { httpHandler, ok } from '../../lib/http';

/** POST /api/accounts/{platform}/oauth/initiate → `{ authUrl }` for the connect popup. */
export const handler = httpHandler({ params: PlatformParamsSchema }, async ({ userId, params }) => {
  const result = await initiateConnect(userId, params.platform);
  return ok(InitiateOAuthResponseSchema.parse(result));
});
