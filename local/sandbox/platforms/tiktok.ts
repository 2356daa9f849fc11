import { SANDBOX_APPS, avatarUrl, identity } from '../apps';
import { registerConsent } from '../consent';
import type { SandboxContext } from '../context';
import { json } from '../router';
import { logId } from '../state';
import { registerTikTokMetrics } from './tiktok-metrics';
import { registerTikTokPublishing } from './tiktok-publish';

/** TikTok Login Kit (docs/platform-apis.md#tiktok-auth): access 2 h, refresh 180 d, refresh tokens rotate. */
const ACCESS_TTL = 7200;
const REFRESH_TTL = 180 * 24 * 3600;

/** The scope each /v2/user/info/ field needs (Get User Info reference, after the Feb 2024 migration). */
const FIELD_SCOPES: Record<string, string> = {
  open_id: 'user.info.basic',
  union_id: 'user.info.basic',
  avatar_url: 'user.info.basic',
  avatar_url_100: 'user.info.basic',
  avatar_large_url: 'user.info.basic',
  display_name: 'user.info.basic',
  username: 'user.info.profile',
  bio_description: 'user.info.profile',
  profile_deep_link: 'user.info.profile',
  is_verified: 'user.info.profile',
  follower_count: 'user.info.stats',
  following_count: 'user.info.stats',
  likes_count: 'user.info.stats',
  video_count: 'user.info.stats',
};

const tokenError = (error: string, description: string, status = 400) => json(status, { error, error_description: description, log_id: logId() });
const apiError = (status: number, code: string, message: string) => json(status, { data: {}, error: { code, message, log_id: logId() } });

export function registerTikTok(ctx: SandboxContext): void {
  const app = SANDBOX_APPS.tiktok;
  registerConsent(ctx, {
    platform: 'tiktok',
    hostKey: 'www',
    path: '/v2/auth/authorize/',
    clientIdParam: 'client_key',
    scopeSeparator: /[,\s]+/,
    denied: { error: 'access_denied', error_description: 'The user denied the authorization request.' },
    theme: {
      name: 'TikTok',
      logo: '<span style="font:800 32px/1 \'Proxima Nova\',Arial,sans-serif;color:#fff;text-shadow:-2px -2px 0 #25f4ee,2px 2px 0 #fe2c55">TikTok</span>',
      background: '#121212',
      card: '#1e1e1e',
      text: '#fff',
      muted: 'rgba(255,255,255,.6)',
      accent: '#fe2c55',
      accentText: '#fff',
      font: '"TikTok Sans",Arial,sans-serif',
      heading: '{app} would like to access your TikTok account',
      signedInAs: 'Select the account to continue with. This app will be able to:',
    },
    scopeLabels: {
      'user.info.basic': 'Read your profile info (avatar, display name)',
      'user.info.profile': 'Read your profile link and bio',
      'video.publish': 'Post content to TikTok directly',
      'video.upload': 'Share content to TikTok as drafts',
      'video.list': 'Read your public videos on TikTok',
    },
  });

  const issue = (clientId: string, identityId: string, scopes: string[], grantId: string) => {
    const access = ctx.state.issueToken({ platform: 'tiktok', kind: 'access', clientId, identityId, scopes, grantId, ttlSeconds: ACCESS_TTL }, 'act.');
    const refresh = ctx.state.issueToken({ platform: 'tiktok', kind: 'refresh', clientId, identityId, scopes, grantId, ttlSeconds: REFRESH_TTL }, 'rft.');
    return json(200, {
      access_token: access.token,
      expires_in: ACCESS_TTL,
      open_id: identityId,
      refresh_expires_in: REFRESH_TTL,
      refresh_token: refresh.token,
      scope: scopes.join(','),
      token_type: 'Bearer',
    });
  };

  ctx.router.on('POST', 'tiktok', 'api', '/v2/oauth/token/', (req) => {
    const f = req.form;
    if (f.get('client_key') !== app.clientId || f.get('client_secret') !== app.clientSecret)
      return tokenError('invalid_client', 'Client key or secret is incorrect.', 401);
    const grant = f.get('grant_type');
    if (grant === 'authorization_code') {
      const taken = ctx.state.takeCode('tiktok', f.get('code'));
      if (!taken.ok)
        return tokenError('invalid_grant', taken.reason === 'expired' ? 'Authorization code is expired.' : 'Authorization code is invalid or has been used.');
      const code = taken.record;
      if (f.get('redirect_uri') !== code.redirectUri)
        return tokenError('invalid_request', 'Redirect URI does not match the one used in the authorization request.');
      return issue(code.clientId, code.identityId, code.scopes, code.code);
    }
    if (grant === 'refresh_token') {
      const check = ctx.state.check('tiktok', f.get('refresh_token'), ['refresh']);
      if (!check.ok || check.record.used) return tokenError('invalid_grant', 'Refresh token is invalid or expired.');
      // Rotation: the used refresh token stops working.
      ctx.state.update(check.record, { used: true, revoked: true });
      return issue(check.record.clientId, check.record.identityId, check.record.scopes, check.record.grantId);
    }
    return tokenError('unsupported_grant_type', `Grant type ${grant ?? ''} is not supported.`);
  });

  ctx.router.on('POST', 'tiktok', 'api', '/v2/oauth/revoke/', (req) => {
    const token = req.form.get('token');
    const record = ctx.state.token(token);
    if (record?.platform === 'tiktok') ctx.state.revokeGrant(record.grantId);
    return json(200, {});
  });

  ctx.router.on('GET', 'tiktok', 'api', '/v2/user/info/', (req) => {
    const check = ctx.state.check('tiktok', req.headers.authorization ? req.bearer : undefined);
    if (!check.ok) return apiError(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
    const fields = (req.query.get('fields') ?? '').split(',').filter(Boolean);
    if (!fields.length) return apiError(400, 'invalid_params', 'The fields parameter is required.');
    // Each field needs its scope (User Info APIs scope migration, Feb 2024); one uncovered field fails the call.
    const uncovered = fields.filter((f) => FIELD_SCOPES[f] && !check.record.scopes.includes(FIELD_SCOPES[f]));
    if (uncovered.length) {
      const needed = [...new Set(uncovered.map((f) => FIELD_SCOPES[f]!))].join(',');
      return apiError(401, 'scope_not_authorized', `The user did not authorize the scope required for completing this request: ${needed}.`);
    }
    const who = identity('tiktok', check.record.identityId)!;
    const all: Record<string, unknown> = {
      open_id: who.id,
      union_id: `union-${who.id}`,
      avatar_url: avatarUrl(ctx.sandboxUrl, who.name),
      avatar_url_100: avatarUrl(ctx.sandboxUrl, who.name),
      avatar_large_url: avatarUrl(ctx.sandboxUrl, who.name),
      display_name: who.name,
      username: who.username,
      bio_description: '',
      profile_deep_link: `${ctx.sandboxUrl}/tiktok/www/@${who.username}`,
      is_verified: false,
      follower_count: 0,
      following_count: 0,
      likes_count: 0,
      video_count: 0,
    };
    const user = Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]]));
    return json(200, { data: { user }, error: { code: 'ok', message: '', log_id: logId() } });
  });
  registerTikTokPublishing(ctx);
  registerTikTokMetrics(ctx);
}
