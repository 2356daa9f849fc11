import { OAuthCallbackQuerySchema, PlatformParamsSchema } from '@shared/accounts';
import { bindingFromCookies, clearBindingCookie, completeConnect, unreadableCallback } from '../../domain/connections';
import { httpHandler } from '../../domain/http-api';

/**
 * GET /api/oauth/{platform}/callback: public, because the platform redirects the browser here. The
 * user is whoever started the connect (the state says so), never a caller-supplied id. The answer
 * is always a redirect to the popup page, even for a malformed request: a JSON error inside the
 * popup would leave the user stranded there.
 */
export const handler = httpHandler({ auth: 'public' }, async ({ event }) => {
  const params = PlatformParamsSchema.safeParse(event.pathParameters ?? {});
  const query = OAuthCallbackQuerySchema.safeParse(event.queryStringParameters ?? {});
  const location =
    params.success && query.success
      ? await completeConnect(params.data.platform, { ...query.data, binding: bindingFromCookies(event.cookies) })
      : await unreadableCallback(params.success ? params.data.platform : undefined);
  // The binding is spent with its state either way.
  const cookies = params.success ? [await clearBindingCookie(params.data.platform)] : [];
  return { statusCode: 302, headers: { location, 'referrer-policy': 'no-referrer' }, cookies };
});
