import { InitiateOAuthResponseSchema, PlatformParamsSchema } from '@shared/accounts';
import { initiateConnect } from '../../domain/connections';
import { httpHandler, ok } from '../../domain/http-api';

/** POST /api/accounts/{platform}/oauth/initiate → `{ authUrl }` for the connect popup, and the cookie that binds the connect to this browser. */
export const handler = httpHandler({ params: PlatformParamsSchema }, async ({ userId, workspaceId, params }) => {
  const { authUrl, cookie } = await initiateConnect({ userId, workspaceId }, params.platform);
  return { ...ok(InitiateOAuthResponseSchema.parse({ authUrl })), cookies: [cookie] };
});
