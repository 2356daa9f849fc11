import { THREADS_VERSION } from '../../../functions/platforms/hosts';
import { SANDBOX_APPS, avatarUrl, identity } from '../apps';
import { registerConsent } from '../consent';
import type { SandboxContext } from '../context';
import { json, type SandboxRequest } from '../router';
import { graphError, graphPermissionError, graphTokenError, pick } from './graph';
import { registerThreadsPublishing } from './threads-publish';

/**
 * Threads API sign-in (developers.facebook.com/documentation/threads/get-started): the authorization
 * window on threads.net, code → short-lived token (1 h) on graph.threads.net/oauth/access_token, →
 * long-lived (60 days) by th_exchange_token, refreshed by th_refresh_token once at least 24 h old and
 * not yet expired.
 */
const SHORT_TTL = 3600;
const LONG_TTL = 60 * 24 * 3600;
const REFRESH_MIN_AGE_MS = 24 * 3600 * 1000;

export function registerThreads(ctx: SandboxContext): void {
  const app = SANDBOX_APPS.threads;
  registerConsent(ctx, {
    platform: 'threads',
    hostKey: 'www',
    path: '/oauth/authorize',
    scopeSeparator: /[,\s]+/,
    denied: { error: 'access_denied', error_reason: 'user_denied', error_description: 'Permissions error' },
    theme: {
      name: 'Threads',
      logo: '<span style="font:700 30px/1 -apple-system,system-ui,sans-serif">@ Threads</span>',
      background: '#fafafa',
      card: '#fff',
      text: '#000',
      muted: '#777',
      accent: '#000',
      accentText: '#fff',
      font: '-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif',
      heading: 'Allow {app} to access your Threads profile?',
      signedInAs: 'Choose the profile to continue with. The app will be able to:',
    },
    scopeLabels: {
      threads_basic: 'Access your Threads profile and posts',
      threads_content_publish: 'Create and publish posts',
      threads_manage_replies: 'Post replies on your behalf',
      threads_read_replies: 'Read replies to your posts',
      threads_manage_insights: 'Read insights for your posts and profile',
    },
  });

  ctx.router.on('POST', 'threads', 'graph', '/oauth/access_token', (req) => {
    const f = req.form;
    if (f.get('client_id') !== app.clientId) return graphError(400, 'Error validating application. Invalid application ID.', 101);
    if (f.get('client_secret') !== app.clientSecret) return graphError(400, 'Error validating client secret.', 1);
    if (f.get('grant_type') !== 'authorization_code') return graphError(400, 'Unsupported grant_type', 100);
    const taken = ctx.state.takeCode('threads', (f.get('code') ?? '').replace(/#_$/, ''));
    if (!taken.ok)
      return graphError(400, taken.reason === 'expired' ? 'This authorization code has expired.' : 'This authorization code has been used.', 100, {
        error_subcode: taken.reason === 'expired' ? 36007 : 36009,
      });
    const code = taken.record;
    if (f.get('redirect_uri') !== code.redirectUri)
      return graphError(400, 'Error validating verification code. Please make sure your redirect_uri is identical.', 100);
    const short = ctx.state.issueToken(
      {
        platform: 'threads',
        kind: 'access',
        lifetime: 'short',
        clientId: code.clientId,
        identityId: code.identityId,
        scopes: code.scopes,
        grantId: code.code,
        ttlSeconds: SHORT_TTL,
      },
      'THQS',
    );
    return json(200, { access_token: short.token, user_id: Number(code.identityId) });
  });

  ctx.router.on('GET', 'threads', 'graph', '/access_token', (req) => {
    const q = req.query;
    if (q.get('grant_type') !== 'th_exchange_token') return graphError(400, 'Unsupported grant_type', 100);
    if (q.get('client_secret') !== app.clientSecret) return graphError(400, 'Error validating client secret.', 1);
    const check = ctx.state.check('threads', q.get('access_token'));
    if (!check.ok) return graphTokenError(check);
    if (check.record.lifetime !== 'short') return graphError(400, 'Invalid OAuth access token - must be a short-lived token.', 190);
    const { token: _t, issuedAt: _i, expiresAt: _e, revoked: _r, ...grant } = check.record;
    const long = ctx.state.issueToken({ ...grant, lifetime: 'long', ttlSeconds: LONG_TTL }, 'THQL');
    return json(200, { access_token: long.token, token_type: 'bearer', expires_in: LONG_TTL });
  });

  ctx.router.on('GET', 'threads', 'graph', '/refresh_access_token', (req) => {
    const q = req.query;
    if (q.get('grant_type') !== 'th_refresh_token') return graphError(400, 'Unsupported grant_type', 100);
    // An expired token can no longer be refreshed: the user has to sign in again.
    const check = ctx.state.check('threads', q.get('access_token'));
    if (!check.ok) return graphTokenError(check);
    if (check.record.lifetime !== 'long') return graphError(400, 'Only long-lived access tokens can be refreshed.', 190);
    if (ctx.state.now() - check.record.issuedAt < REFRESH_MIN_AGE_MS)
      return graphError(400, 'The access token can only be refreshed after it is at least 24 hours old.', 100);
    const { token: _t, issuedAt: _i, expiresAt: _e, revoked: _r, ...grant } = check.record;
    const fresh = ctx.state.issueToken({ ...grant, lifetime: 'long', ttlSeconds: LONG_TTL }, 'THQL');
    return json(200, { access_token: fresh.token, token_type: 'bearer', expires_in: LONG_TTL });
  });

  ctx.router.on('GET', 'threads', 'graph', `/${THREADS_VERSION}/me`, (req: SandboxRequest) => {
    const check = ctx.state.check('threads', req.bearer);
    if (!check.ok) return graphTokenError(check);
    if (!check.record.scopes.includes('threads_basic')) return graphPermissionError('threads_basic');
    const who = identity('threads', check.record.identityId)!;
    return json(
      200,
      pick(req.query.get('fields') ?? 'id', {
        id: who.id,
        username: who.username,
        name: who.name,
        threads_profile_picture_url: avatarUrl(ctx.sandboxUrl, who.name),
        threads_biography: 'Sandbox profile',
      }),
    );
  });
  registerThreadsPublishing(ctx);
}
