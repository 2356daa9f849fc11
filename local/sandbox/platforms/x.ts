import { createHash } from 'node:crypto';
import { SANDBOX_APPS, avatarUrl, identity } from '../apps';
import { registerConsent } from '../consent';
import type { SandboxContext } from '../context';
import { json, type SandboxRequest, type SandboxResponse } from '../router';
import { X_ENDPOINT_SCOPES, hasScopes, problemJson } from './x-errors';
import { registerXMetrics } from './x-metrics';
import { registerXPublishing } from './x-publish';

/** X (API v2): OAuth 2.0 code + PKCE S256 (docs/platform-apis.md#x-auth), errors as docs/platform-apis.md#x-errors. */
const ACCESS_TTL = 7200;
const REFRESH_TTL = 180 * 24 * 3600;

export const xErrors = {
  unauthorized: (): SandboxResponse => problemJson(401, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' }),
  /** A token without the scopes the endpoint needs (GET /2/users/me: users.read and tweet.read). */
  forbidden: (): SandboxResponse => problemJson(403, { title: 'Forbidden', type: 'about:blank', status: 403, detail: 'Forbidden' }),
  rateLimit: (now: number): SandboxResponse =>
    problemJson(
      429,
      { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
      { 'x-rate-limit-limit': '75', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(Math.floor(now / 1000) + 900) },
    ),
  serverError: (): SandboxResponse => problemJson(503, { title: 'Service Unavailable', detail: 'Service Unavailable', type: 'about:blank', status: 503 }),
};

const oauthError = (status: number, error: string, description: string) => json(status, { error, error_description: description });

export function registerX(ctx: SandboxContext): void {
  const app = SANDBOX_APPS.x;
  registerConsent(ctx, {
    platform: 'x',
    hostKey: 'www',
    path: '/i/oauth2/authorize',
    scopeSeparator: /[\s+]+/,
    validate: (req) => {
      if (!req.query.get('code_challenge')) return 'Missing required parameter [code_challenge].';
      if (req.query.get('code_challenge_method') !== 'S256') return 'code_challenge_method must be S256.';
      return undefined;
    },
    offline: (_req, scopes) => scopes.includes('offline.access'),
    denied: { error: 'access_denied', error_description: 'The user denied the request.' },
    theme: {
      name: 'X',
      logo: '<span style="font:900 34px/1 system-ui;letter-spacing:-1px">𝕏</span>',
      background: '#000',
      card: '#16181c',
      text: '#e7e9ea',
      muted: '#71767b',
      accent: '#eff3f4',
      accentText: '#0f1419',
      font: '-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif',
      heading: '{app} wants to access your X account',
      signedInAs: 'Choose the account to authorize. Things this app will be able to do:',
    },
    scopeLabels: {
      'tweet.read': 'Read posts you can see',
      'tweet.write': 'Post and repost for you',
      'users.read': 'Read your profile',
      'media.write': 'Upload media for you',
      'offline.access': 'Stay connected until you revoke access',
    },
  });

  const issue = (clientId: string, identityId: string, scopes: string[], offline: boolean, grantId: string) => {
    const access = ctx.state.issueToken({ platform: 'x', kind: 'access', clientId, identityId, scopes, grantId, ttlSeconds: ACCESS_TTL }, '');
    const refresh = offline
      ? ctx.state.issueToken({ platform: 'x', kind: 'refresh', clientId, identityId, scopes, grantId, ttlSeconds: REFRESH_TTL }, '')
      : undefined;
    return json(200, {
      token_type: 'bearer',
      expires_in: ACCESS_TTL,
      access_token: access.token,
      scope: scopes.join(' '),
      ...(refresh ? { refresh_token: refresh.token } : {}),
    });
  };

  /** Confidential client: HTTP Basic client_id:client_secret. */
  const authenticate = (req: SandboxRequest): SandboxResponse | undefined => {
    if (!req.basic) return oauthError(401, 'unauthorized_client', 'Missing valid authorization header');
    if (req.basic.user !== app.clientId || req.basic.password !== app.clientSecret)
      return oauthError(401, 'unauthorized_client', 'Missing valid authorization header');
    const bodyClient = req.form.get('client_id');
    if (bodyClient && bodyClient !== app.clientId) return oauthError(400, 'invalid_request', 'Value passed for the client_id was invalid.');
    return undefined;
  };

  ctx.router.on('POST', 'x', 'api', '/2/oauth2/token', (req) => {
    const denied = authenticate(req);
    if (denied) return denied;
    const grant = req.form.get('grant_type');
    if (grant === 'authorization_code') {
      const taken = ctx.state.takeCode('x', req.form.get('code'));
      if (!taken.ok) return oauthError(400, 'invalid_request', 'Value passed for the authorization code was invalid.');
      const code = taken.record;
      if (req.form.get('redirect_uri') !== code.redirectUri)
        return oauthError(400, 'invalid_request', 'Value passed for the redirect uri did not match the uri of the authorization code.');
      const verifier = req.form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!verifier || challenge !== code.codeChallenge)
        return oauthError(400, 'invalid_request', 'Value passed for the code verifier did not match the code challenge.');
      return issue(code.clientId, code.identityId, code.scopes, code.offline, code.code);
    }
    if (grant === 'refresh_token') {
      const token = req.form.get('refresh_token');
      const check = ctx.state.check('x', token, ['refresh']);
      if (!check.ok || check.record.used) return oauthError(400, 'invalid_request', 'Value passed for the token was invalid.');
      // X hands out a new refresh token on every refresh; the used one stops working.
      ctx.state.update(check.record, { used: true, revoked: true });
      return issue(check.record.clientId, check.record.identityId, check.record.scopes, true, check.record.grantId);
    }
    return oauthError(400, 'unsupported_grant_type', `grant_type ${grant ?? ''} is not supported`);
  });

  ctx.router.on('POST', 'x', 'api', '/2/oauth2/revoke', (req) => {
    const denied = authenticate(req);
    if (denied) return denied;
    const token = req.form.get('token');
    if (token && ctx.state.token(token)?.platform === 'x') ctx.state.revoke(token);
    return json(200, { revoked: true });
  });

  ctx.router.on('GET', 'x', 'api', '/2/users/me', (req) => {
    const check = ctx.state.check('x', req.headers.authorization ? req.bearer : undefined);
    if (!check.ok) return xErrors.unauthorized();
    if (!hasScopes(check.record.scopes, X_ENDPOINT_SCOPES.usersMe)) return xErrors.forbidden();
    const who = identity('x', check.record.identityId)!;
    const fields = (req.query.get('user.fields') ?? '').split(',');
    return json(200, {
      data: {
        id: who.id,
        name: who.name,
        username: who.username,
        ...(fields.includes('profile_image_url') ? { profile_image_url: avatarUrl(ctx.sandboxUrl, who.name) } : {}),
      },
    });
  });
  registerXPublishing(ctx);
  registerXMetrics(ctx);
}
