import { PlatformParamsSchema } from '@shared/accounts';
import { BlueskySignInBodySchema, BlueskySignInResponseSchema } from '@shared/bluesky';
import { bindingFromCookies, startConnectSignIn } from '../../domain/connections';
import { httpHandler, ok } from '../../domain/http-api';

/**
 * POST /api/oauth/{platform}/callback: the connect popup's account step, for a network whose
 * authorization server depends on the account (Bluesky: handle → DID → PDS → its server). Public
 * like the redirect: the pending state and this browser's binding cookie (scoped to this very path,
 * which is why the step posts here) say whose connect it is. The answer names the popup's next
 * page; the state stays pending for the authorization server's redirect back.
 */
export const handler = httpHandler({ auth: 'public', params: PlatformParamsSchema, body: BlueskySignInBodySchema }, async ({ event, params, body }) => {
  const location = await startConnectSignIn(params.platform, {
    state: body.state,
    binding: bindingFromCookies(event.cookies),
    identifier: body.identifier,
  });
  return ok(BlueskySignInResponseSchema.parse({ location }));
});
