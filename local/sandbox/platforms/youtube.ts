import { SANDBOX_APPS, avatarUrl, identity } from '../apps';
import { registerConsent } from '../consent';
import type { SandboxContext } from '../context';
import { googleError, youtubeAuthError } from '../faults';
import { json } from '../router';
import { registerYouTubePublishing } from './youtube-publish';

/** Google OAuth 2.0 web-server flow + YouTube Data API v3 (docs/platform-apis.md#youtube-auth). */
const ACCESS_TTL = 3599;
const CHANNEL_READ_SCOPES = ['youtube.readonly', 'youtube', 'youtube.force-ssl', 'youtubepartner'].map((s) => `https://www.googleapis.com/auth/${s}`);

const oauthError = (status: number, error: string, description: string) => json(status, { error, error_description: description });

export function registerYouTube(ctx: SandboxContext): void {
  const app = SANDBOX_APPS.youtube;
  registerConsent(ctx, {
    platform: 'youtube',
    hostKey: 'accounts',
    path: '/o/oauth2/v2/auth',
    scopeSeparator: /[\s+]+/,
    offline: (req) => req.query.get('access_type') === 'offline',
    denied: { error: 'access_denied' },
    theme: {
      name: 'Google',
      logo: '<span style="font:500 30px/1 \'Product Sans\',Arial,sans-serif"><span style="color:#4285f4">G</span><span style="color:#ea4335">o</span><span style="color:#fbbc05">o</span><span style="color:#4285f4">g</span><span style="color:#34a853">l</span><span style="color:#ea4335">e</span></span>',
      background: '#f0f4f9',
      card: '#fff',
      text: '#1f1f1f',
      muted: '#444746',
      accent: '#0b57d0',
      accentText: '#fff',
      font: '"Google Sans",Roboto,Arial,sans-serif',
      heading: '{app} wants access to your Google Account',
      signedInAs: 'Choose a YouTube channel to continue. This will allow Schedule & Autopost to:',
    },
    scopeLabels: {
      'https://www.googleapis.com/auth/youtube.upload': 'Manage your YouTube videos',
      'https://www.googleapis.com/auth/youtube.readonly': 'View your YouTube account',
      'https://www.googleapis.com/auth/youtube': 'Manage your YouTube account',
      'https://www.googleapis.com/auth/youtube.force-ssl': 'See, edit, and permanently delete your YouTube videos, ratings, comments and captions',
    },
  });

  ctx.router.on('POST', 'youtube', 'oauth2', '/token', (req) => {
    const f = req.form;
    const clientId = f.get('client_id') ?? req.basic?.user;
    const clientSecret = f.get('client_secret') ?? req.basic?.password;
    if (clientId !== app.clientId) return oauthError(401, 'invalid_client', 'The OAuth client was not found.');
    if (clientSecret !== app.clientSecret) return oauthError(401, 'invalid_client', 'Unauthorized');
    const grant = f.get('grant_type');
    if (grant === 'authorization_code') {
      const taken = ctx.state.takeCode('youtube', f.get('code'));
      if (!taken.ok) return oauthError(400, 'invalid_grant', 'Bad Request');
      const code = taken.record;
      if (f.get('redirect_uri') !== code.redirectUri) return oauthError(400, 'redirect_uri_mismatch', 'Bad Request');
      const base = { platform: 'youtube' as const, clientId: code.clientId, identityId: code.identityId, scopes: code.scopes, grantId: code.code };
      const access = ctx.state.issueToken({ ...base, kind: 'access', ttlSeconds: ACCESS_TTL }, 'ya29.');
      const refresh = code.offline ? ctx.state.issueToken({ ...base, kind: 'refresh', ttlSeconds: null }, '1//') : undefined;
      return json(200, {
        access_token: access.token,
        expires_in: ACCESS_TTL,
        ...(refresh ? { refresh_token: refresh.token } : {}),
        scope: code.scopes.join(' '),
        token_type: 'Bearer',
      });
    }
    if (grant === 'refresh_token') {
      const check = ctx.state.check('youtube', f.get('refresh_token'), ['refresh']);
      if (!check.ok) return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
      const { clientId: cid, identityId, scopes, grantId } = check.record;
      const access = ctx.state.issueToken({ platform: 'youtube', kind: 'access', clientId: cid, identityId, scopes, grantId, ttlSeconds: ACCESS_TTL }, 'ya29.');
      return json(200, { access_token: access.token, expires_in: ACCESS_TTL, scope: scopes.join(' '), token_type: 'Bearer' });
    }
    return oauthError(400, 'unsupported_grant_type', 'Invalid grant_type: ' + (grant ?? ''));
  });

  /** Revoking either token revokes the whole grant, as Google does. */
  ctx.router.on('POST', 'youtube', 'oauth2', '/revoke', (req) => {
    const record = ctx.state.token(req.query.get('token') ?? req.form.get('token'));
    if (!record || record.platform !== 'youtube') return oauthError(400, 'invalid_token', 'Token expired or revoked');
    ctx.state.revokeGrant(record.grantId);
    return json(200, {});
  });

  ctx.router.on('GET', 'youtube', 'api', '/youtube/v3/channels', (req) => {
    const check = ctx.state.check('youtube', req.headers.authorization ? req.bearer : undefined);
    if (!check.ok) return youtubeAuthError();
    // channels.list accepts youtube.readonly, youtube, youtube.force-ssl or youtubepartner; youtube.upload alone is not enough.
    if (!check.record.scopes.some((scope) => CHANNEL_READ_SCOPES.includes(scope))) {
      return googleError(403, 'Request had insufficient authentication scopes.', 'insufficientPermissions', 'global', 'PERMISSION_DENIED');
    }
    const who = identity('youtube', check.record.identityId)!;
    const items =
      req.query.get('mine') === 'true' || req.query.get('id') === who.id
        ? [
            {
              kind: 'youtube#channel',
              etag: `sbx-${who.id}`,
              id: who.id,
              snippet: {
                title: who.name,
                description: `The ${who.name} channel (sandbox).`,
                customUrl: who.username,
                publishedAt: '2020-01-01T00:00:00Z',
                thumbnails: { default: { url: avatarUrl(ctx.sandboxUrl, who.name), width: 88, height: 88 } },
              },
            },
          ]
        : [];
    return json(200, { kind: 'youtube#channelListResponse', etag: 'sbx-etag', pageInfo: { totalResults: items.length, resultsPerPage: 5 }, items });
  });
  registerYouTubePublishing(ctx);
}
