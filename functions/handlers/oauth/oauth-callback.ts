import { OAuthCallbackQuerySchema, PlatformParamsSchema } from '@shared/accounts';
import { completeConnect } from '../../domain/accounts';
import { httpHandler } from '../../lib/http';

/**
 * GET /api/oauth/{platform}/callback: public, because the platform redirects the browser here. The
 * user is whoever started the connect (the state says so), never a caller-supplied id.
 */
export const handler = httpHandler({ auth: 'public', params: PlatformParamsSchema, query: OAuthCallbackQuerySchema }, async ({ params, query }) => {
  const location = await completeConnect(params.platform, query);
  return { statusCode: 302, headers: { location, 'referrer-policy': 'no-referrer' } };
});
