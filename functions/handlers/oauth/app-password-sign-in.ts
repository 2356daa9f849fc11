import { PlatformParamsSchema } from '@shared/accounts';
import { AppPasswordSignInBodySchema, AppPasswordSignInResponseSchema } from '@shared/bluesky';
import { bindingFromCookies, clearBindingCookie, completeConnect } from '../../domain/connections';
import { httpHandler, ok } from '../../domain/http-api';

/**
 * POST /api/oauth/{platform}/callback: the connect popup's sign-in form, for a network that connects
 * with an app password (Bluesky) instead of an OAuth redirect. Public like the redirect: the one-time
 * state and this browser's binding cookie (scoped to this very path) say whose connect it is. The
 * answer names the popup's next page; the app password is used once and never stored.
 */
export const handler = httpHandler({ auth: 'public', params: PlatformParamsSchema, body: AppPasswordSignInBodySchema }, async ({ event, params, body }) => {
  const location = await completeConnect(params.platform, {
    state: body.state,
    binding: bindingFromCookies(event.cookies),
    appPassword: { identifier: body.identifier, password: body.app_password },
  });
  return { ...ok(AppPasswordSignInResponseSchema.parse({ location })), cookies: [await clearBindingCookie(params.platform)] };
});
