import { SANDBOX_APPS, avatarUrl, identity } from '../apps';
import { registerConsent } from '../consent';
import type { SandboxContext } from '../context';
import { json, type SandboxRequest, type SandboxResponse } from '../router';
import type { TokenCheck } from '../state';
import { registerPinterestPublishing } from './pinterest-publish';

/**
 * Pinterest API v5 sign-in (developers.pinterest.com/docs/getting-started/authentication-and-scopes/):
 * the authorization window at www.pinterest.com/oauth/ (comma-separated scopes), then POST
 * /v5/oauth/token with the app's id and secret as HTTP Basic, for an access token of 30 days and a
 * refresh token; with continuous refresh every refresh answers a new refresh token (the stand-in
 * retires the one used).
 */
export const PINTEREST_ACCESS_TTL = 30 * 86400;
export const PINTEREST_REFRESH_TTL = 60 * 86400;

/** Pinterest's error body: `{code, message}` (the codes here are the stand-in's own where Pinterest documents none). */
export const pinterestError = (status: number, code: number, message: string): SandboxResponse => json(status, { code, message });

export function pinterestTokenError(check: Extract<TokenCheck, { ok: false }>): SandboxResponse {
  const why =
    check.reason === 'expired' ? 'The access token has expired.' : check.reason === 'revoked' ? 'The access token was revoked.' : 'Authentication failed.';
  return pinterestError(401, 2, why);
}

/** The token must be valid and carry `scope`; Pinterest refuses a missing scope with 403. */
export function pinterestAuthorize(ctx: SandboxContext, req: SandboxRequest, scope: string): { response: SandboxResponse } | { identityId: string } {
  const check = ctx.state.check('pinterest', req.headers.authorization ? req.bearer : undefined);
  if (!check.ok) return { response: pinterestTokenError(check) };
  if (!check.record.scopes.includes(scope))
    return { response: pinterestError(403, 3, `Not authorized to access the resource: the token lacks the scope ${scope}.`) };
  return { identityId: check.record.identityId };
}

export function registerPinterest(ctx: SandboxContext): void {
  const app = SANDBOX_APPS.pinterest;
  registerConsent(ctx, {
    platform: 'pinterest',
    hostKey: 'www',
    path: '/oauth',
    scopeSeparator: /[,\s]+/,
    denied: { error: 'access_denied', error_description: 'The user denied access' },
    theme: {
      name: 'Pinterest',
      logo: '<span style="font:700 28px Helvetica,Arial,sans-serif;color:#e60023">Pinterest</span>',
      background: '#fff',
      card: '#fff',
      text: '#111',
      muted: '#767676',
      accent: '#e60023',
      accentText: '#fff',
      font: '-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif',
      heading: '{app} would like to access your Pinterest account',
      signedInAs: 'Choose the account to continue with. The app will be able to:',
    },
    scopeLabels: {
      'boards:read': 'See your public boards',
      'pins:read': 'See your public Pins',
      'pins:write': 'Create, update or delete your Pins',
      'user_accounts:read': 'See your user account and follower counts',
    },
  });

  ctx.router.on('POST', 'pinterest', 'oauth', '/v5/oauth/token', (req) => {
    // The app authenticates with HTTP Basic (client id : secret); a body-only secret is not accepted.
    if (req.basic?.user !== app.clientId || req.basic.password !== app.clientSecret)
      return json(401, { error: 'invalid_client', error_description: 'Client authentication failed.' });
    const f = req.form;
    const grant = f.get('grant_type');
    const issue = (identityId: string, scopes: string[], grantId: string) => {
      const access = ctx.state.issueToken(
        { platform: 'pinterest', kind: 'access', clientId: app.clientId, identityId, scopes, grantId, ttlSeconds: PINTEREST_ACCESS_TTL },
        'pina_',
      );
      const refresh = ctx.state.issueToken(
        { platform: 'pinterest', kind: 'refresh', clientId: app.clientId, identityId, scopes, grantId, ttlSeconds: PINTEREST_REFRESH_TTL },
        'pinr_',
      );
      return json(200, {
        access_token: access.token,
        refresh_token: refresh.token,
        response_type: 'authorization_code',
        token_type: 'bearer',
        expires_in: PINTEREST_ACCESS_TTL,
        refresh_token_expires_in: PINTEREST_REFRESH_TTL,
        scope: scopes.join(' '),
      });
    };
    if (grant === 'authorization_code') {
      const taken = ctx.state.takeCode('pinterest', f.get('code'));
      if (!taken.ok) return json(400, { error: 'invalid_grant', error_description: `The authorization code is ${taken.reason}.` });
      if (f.get('redirect_uri') !== taken.record.redirectUri)
        return json(400, { error: 'invalid_grant', error_description: 'redirect_uri does not match the authorization request.' });
      return issue(taken.record.identityId, taken.record.scopes, taken.record.code);
    }
    if (grant === 'refresh_token') {
      const check = ctx.state.check('pinterest', f.get('refresh_token'), ['refresh']);
      if (!check.ok || check.record.used) return json(400, { error: 'invalid_grant', error_description: 'The refresh token is invalid or expired.' });
      ctx.state.update(check.record, { used: true, revoked: true });
      return issue(check.record.identityId, check.record.scopes, check.record.grantId);
    }
    return json(400, { error: 'unsupported_grant_type', error_description: `grant_type ${grant ?? ''} is not supported.` });
  });

  ctx.router.on('GET', 'pinterest', 'api', '/v5/user_account', (req) => {
    const auth = pinterestAuthorize(ctx, req, 'user_accounts:read');
    if ('response' in auth) return auth.response;
    const who = identity('pinterest', auth.identityId)!;
    return json(200, {
      account_type: 'BUSINESS',
      id: who.id,
      username: who.username,
      business_name: who.name,
      profile_image: avatarUrl(ctx.sandboxUrl, who.name),
      website_url: null,
    });
  });

  registerPinterestPublishing(ctx);
}
