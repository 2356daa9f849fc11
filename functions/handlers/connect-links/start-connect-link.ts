import { InitiateOAuthResponseSchema } from '@shared/accounts';
import { StartConnectLinkBodySchema } from '@shared/connect-links';
import { startLinkConnect } from '../../domain/connect-link-start';
import { httpHandler, ok } from '../../domain/http-api';

/** POST /api/connect-links/start: `{ authUrl }` for the consent popup, and the cookie that binds the connect to this browser (public). */
export const handler = httpHandler({ auth: 'public', body: StartConnectLinkBodySchema }, async ({ body }) => {
  const { authUrl, cookie } = await startLinkConnect(body.token, body.platform);
  return { ...ok(InitiateOAuthResponseSchema.parse({ authUrl })), cookies: [cookie] };
});
