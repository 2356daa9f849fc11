import { GRAPH_VERSION } from '../../../functions/platforms/hosts';
import { SANDBOX_APPS, avatarUrl, identity } from '../apps';
import { registerConsent, type ConsentSpec } from '../consent';
import type { SandboxContext } from '../context';
import { json, type SandboxRequest } from '../router';
import { graphError, graphPermissionError, graphTokenError, pick, registerGraphVersionGuard } from './graph';
import { registerInstagramMetrics } from './instagram-metrics';
import { registerInstagramPublishing } from './instagram-publish';

/**
 * Instagram API with Instagram Login (docs/platform-apis.md#instagram-auth): code → short-lived token (1 h) on
 * api.instagram.com, → long-lived (60 d) on graph.instagram.com, refreshed when ≥ 24 h old.
 */
const SHORT_TTL = 3600;
const LONG_TTL = 60 * 24 * 3600;
const REFRESH_MIN_AGE_MS = 24 * 3600 * 1000;

/** api.instagram.com speaks an older error shape. */
const apiError = (message: string, status = 400) => json(status, { error_type: 'OAuthException', code: status, error_message: message });

export function registerInstagram(ctx: SandboxContext): void {
  const app = SANDBOX_APPS.instagram;
  const consent: Omit<ConsentSpec, 'hostKey'> = {
    platform: 'instagram',
    path: '/oauth/authorize',
    scopeSeparator: /[,\s]+/,
    denied: { error: 'access_denied', error_reason: 'user_denied', error_description: 'The user denied your request.' },
    theme: {
      name: 'Instagram',
      logo: "<span style=\"font:italic 600 34px/1 'Brush Script MT','Segoe Script',cursive;background:linear-gradient(45deg,#f09433,#dc2743,#bc1888);-webkit-background-clip:text;background-clip:text;color:transparent\">Instagram</span>",
      background: '#fafafa',
      card: '#fff',
      text: '#262626',
      muted: '#737373',
      accent: '#0095f6',
      accentText: '#fff',
      font: '-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif',
      heading: 'Allow {app} to access your Instagram professional account?',
      signedInAs: 'Choose the account to log in with. The app will be able to:',
    },
    scopeLabels: {
      instagram_business_basic: 'Access profile and media',
      instagram_business_content_publish: 'Publish content',
      instagram_business_manage_comments: 'Manage comments',
      instagram_business_manage_insights: 'Access insights for your professional account',
    },
  };
  registerConsent(ctx, { ...consent, hostKey: 'www' });
  registerConsent(ctx, { ...consent, hostKey: 'api' });

  ctx.router.on('POST', 'instagram', 'api', '/oauth/access_token', (req) => {
    const f = req.form;
    if (f.get('client_id') !== app.clientId) return apiError('Invalid platform app');
    if (f.get('client_secret') !== app.clientSecret) return apiError('Error validating client secret.');
    if (f.get('grant_type') !== 'authorization_code') return apiError('Unsupported grant_type');
    const taken = ctx.state.takeCode('instagram', (f.get('code') ?? '').replace(/#_$/, ''));
    if (!taken.ok) return apiError(taken.reason === 'expired' ? 'This authorization code has expired' : 'This authorization code has been used');
    const code = taken.record;
    if (f.get('redirect_uri') !== code.redirectUri)
      return apiError('Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request');
    const short = ctx.state.issueToken(
      {
        platform: 'instagram',
        kind: 'access',
        lifetime: 'short',
        clientId: code.clientId,
        identityId: code.identityId,
        scopes: code.scopes,
        grantId: code.code,
        ttlSeconds: SHORT_TTL,
      },
      'IGAAS',
    );
    return json(200, { access_token: short.token, user_id: Number(code.identityId), permissions: code.scopes });
  });

  ctx.router.on('GET', 'instagram', 'graph', '/access_token', (req) => {
    const q = req.query;
    if (q.get('grant_type') !== 'ig_exchange_token') return graphError(400, 'Unsupported grant_type', 100);
    if (q.get('client_secret') !== app.clientSecret) return graphError(400, 'Error validating client secret.', 1);
    const check = ctx.state.check('instagram', q.get('access_token'));
    if (!check.ok) return graphTokenError(check);
    if (check.record.lifetime !== 'short') return graphError(400, 'Invalid OAuth access token - must be a short-lived token.', 190);
    const { token: _t, issuedAt: _i, expiresAt: _e, revoked: _r, ...grant } = check.record;
    const long = ctx.state.issueToken({ ...grant, lifetime: 'long', ttlSeconds: LONG_TTL }, 'IGAAL');
    return json(200, { access_token: long.token, token_type: 'bearer', expires_in: LONG_TTL });
  });

  ctx.router.on('GET', 'instagram', 'graph', '/refresh_access_token', (req) => {
    const q = req.query;
    if (q.get('grant_type') !== 'ig_refresh_token') return graphError(400, 'Unsupported grant_type', 100);
    const check = ctx.state.check('instagram', q.get('access_token'));
    if (!check.ok) return graphTokenError(check);
    if (check.record.lifetime !== 'long') return graphError(400, 'Only long-lived access tokens can be refreshed.', 190);
    if (ctx.state.now() - check.record.issuedAt < REFRESH_MIN_AGE_MS) {
      return graphError(400, 'The access token can only be refreshed after it is at least 24 hours old.', 100);
    }
    const { token: _t, issuedAt: _i, expiresAt: _e, revoked: _r, ...grant } = check.record;
    const fresh = ctx.state.issueToken({ ...grant, lifetime: 'long', ttlSeconds: LONG_TTL }, 'IGAAL');
    return json(200, { access_token: fresh.token, token_type: 'bearer', expires_in: LONG_TTL, permissions: check.record.scopes.join(',') });
  });

  const me = (req: SandboxRequest) => {
    const check = ctx.state.check('instagram', req.bearer);
    if (!check.ok) return graphTokenError(check);
    // The profile (user_id, username, name, picture) is what instagram_business_basic grants.
    if (!check.record.scopes.includes('instagram_business_basic')) return graphPermissionError('instagram_business_basic');
    const who = identity('instagram', check.record.identityId)!;
    return json(
      200,
      pick(req.query.get('fields') ?? 'id', {
        id: who.id,
        user_id: who.id,
        username: who.username,
        name: who.name,
        account_type: 'BUSINESS',
        profile_picture_url: avatarUrl(ctx.sandboxUrl, who.name),
        followers_count: 1234,
        media_count: 42,
      }),
    );
  };
  ctx.router.on('GET', 'instagram', 'graph', `/${GRAPH_VERSION}/me`, me);
  ctx.router.on('GET', 'instagram', 'graph', '/me', me);
  registerInstagramPublishing(ctx);
  registerInstagramMetrics(ctx);
  registerGraphVersionGuard(ctx, 'instagram', ['graph']);
}
