import * as z from 'zod';
import {
  bearerGet,
  callPlatform,
  expiresAtFrom,
  formPost,
  isServerError,
  reauthMissingRefreshToken,
  retryAfterHeader,
  splitScopes,
  withQuery,
  type AdapterDeps,
  type CallContext,
  type Classification,
  type FailedResponse,
} from './http';
import type { PlatformAdapter, TokenSet } from './types';

/** §4.1: basic profile, Direct Post, and inbox upload. */
export const TIKTOK_SCOPES = ['user.info.basic', 'video.publish', 'video.upload'] as const;

const TokenResponseSchema = z.object({
  open_id: z.string().optional(),
  scope: z.string().optional(),
  access_token: z.string().min(1),
  expires_in: z.number(),
  refresh_token: z.string().min(1).optional(),
  refresh_expires_in: z.number().optional(),
  token_type: z.string().optional(),
});

const ApiErrorSchema = z.object({ code: z.string(), message: z.string().optional(), log_id: z.string().optional(), logid: z.string().optional() });

const UserInfoResponseSchema = z.object({
  data: z.object({
    user: z.object({
      open_id: z.string(),
      union_id: z.string().optional(),
      avatar_url: z.string().optional(),
      display_name: z.string().optional(),
      username: z.string().optional(),
    }),
  }),
  error: ApiErrorSchema.optional(),
});

/** The OAuth endpoint's `{error, error_description}` and the API's `{data, error:{code,message}}` (§4.4). */
const OAuthErrorBodySchema = z.object({ error: z.string(), error_description: z.string().optional() });
const ApiErrorBodySchema = z.object({ error: ApiErrorSchema });

/** TikTok can answer 200 with the failure inside the body. */
export function isTikTokErrorBody(body: unknown): boolean {
  const oauth = OAuthErrorBodySchema.safeParse(body);
  if (oauth.success) return true;
  const api = ApiErrorBodySchema.safeParse(body);
  return api.success && api.data.error.code !== 'ok';
}

const REAUTH_CODES = new Set(['access_token_invalid', 'scope_not_authorized', 'invalid_grant', 'invalid_token']);
const FIX_INPUT_CODES = new Set(['invalid_param', 'invalid_params', 'invalid_request', 'invalid_scope', 'privacy_level_option_mismatch', 'url_ownership_unverified']);
const RETRY_CODES = new Set(['internal_error', 'server_error', 'temporarily_unavailable']);
const BACKOFF_CODES = new Set(['rate_limit_exceeded', 'spam_risk_too_many_posts', 'spam_risk_too_many_pending_share']);

export function classifyTikTokError(res: FailedResponse): Classification {
  const oauth = OAuthErrorBodySchema.safeParse(res.body);
  const api = ApiErrorBodySchema.safeParse(res.body);
  const code = oauth.success ? oauth.data.error : api.success ? api.data.error.code : undefined;
  const text = oauth.success ? (oauth.data.error_description ?? oauth.data.error) : api.success ? api.data.error.message : undefined;
  const base = { code, platformMessage: text };

  if (res.status === 429 || (code && BACKOFF_CODES.has(code))) {
    return { ...base, category: 'backoff', reason: 'too many requests, waiting before trying again', retryAfterSeconds: retryAfterHeader(res.headers, res.now) };
  }
  if (isServerError(res.status) || (code && RETRY_CODES.has(code))) return { ...base, category: 'retry', reason: 'TikTok had a temporary problem' };
  // Our client key/secret rejected (401 invalid_client): reconnecting would not help.
  if (code === 'invalid_client') return { ...base, category: 'stop', reason: "our TikTok app credentials weren't accepted" };
  // A refresh with a used (rotated-away) or expired refresh token reads as invalid_grant or "refresh token is invalid".
  if ((code && REAUTH_CODES.has(code)) || /refresh[_ ]token.*(invalid|expired)/i.test(text ?? '') || res.status === 401) {
    return { ...base, category: 'reauth', reason: 'the connection expired or was revoked; please reconnect TikTok' };
  }
  if ((code && FIX_INPUT_CODES.has(code)) || res.status === 400) return { ...base, category: 'fix-input', reason: 'the request was invalid' };
  return { ...base, category: 'stop', reason: res.status === 403 ? 'TikTok does not allow this' : `TikTok answered with status ${res.status}` };
}

export function createTikTokAdapter(deps: AdapterDeps<'tiktok'>): PlatformAdapter {
  const { app, hosts, now } = deps;
  const ctx: CallContext = { platform: 'tiktok', fetch: deps.fetch, now, classify: classifyTikTokError };
  const tokenUrl = `${hosts.api}/v2/oauth/token/`;

  const toTokenSet = (r: z.infer<typeof TokenResponseSchema>, previous?: TokenSet): TokenSet => {
    const at = now();
    const refreshToken = r.refresh_token ?? previous?.refreshToken;
    // A new refresh token comes with its own lifetime; otherwise the old one's still stands.
    const refreshExpiresAt =
      r.refresh_expires_in !== undefined ? expiresAtFrom(at, r.refresh_expires_in) : r.refresh_token ? undefined : previous?.refreshExpiresAt;
    const scopes = splitScopes(r.scope) ?? previous?.scopes;
    return {
      accessToken: r.access_token,
      ...(refreshToken ? { refreshToken } : {}),
      issuedAt: at.toISOString(),
      expiresAt: expiresAtFrom(at, r.expires_in),
      ...(refreshExpiresAt !== undefined ? { refreshExpiresAt } : {}),
      ...(scopes ? { scopes } : {}),
    };
  };

  return {
    platform: 'tiktok',
    usesPkce: false,
    authorizeUrl({ state }) {
      return withQuery(`${hosts.www}/v2/auth/authorize/`, {
        client_key: app.clientId,
        scope: TIKTOK_SCOPES.join(','),
        redirect_uri: app.redirectUri,
        state,
        response_type: 'code',
      });
    },
    async exchangeCode({ code }) {
      const r = await callPlatform(ctx, {
        what: 'exchange the sign-in code',
        url: tokenUrl,
        init: formPost({ client_key: app.clientId, client_secret: app.clientSecret, code, grant_type: 'authorization_code', redirect_uri: app.redirectUri }),
        schema: TokenResponseSchema,
        secrets: [code, app.clientSecret],
        isErrorBody: isTikTokErrorBody,
      });
      return toTokenSet(r);
    },
    async refresh(tokens) {
      if (!tokens.refreshToken) throw reauthMissingRefreshToken('tiktok');
      const r = await callPlatform(ctx, {
        what: 'refresh the sign-in',
        url: tokenUrl,
        init: formPost({ client_key: app.clientId, client_secret: app.clientSecret, grant_type: 'refresh_token', refresh_token: tokens.refreshToken }),
        schema: TokenResponseSchema,
        secrets: [tokens.refreshToken, tokens.accessToken, app.clientSecret],
        isErrorBody: isTikTokErrorBody,
      });
      // Refresh tokens rotate (§4.1): the old one stops working, so the new one must be the one stored.
      return toTokenSet(r, tokens);
    },
    async accounts(tokens) {
      const r = await callPlatform(ctx, {
        what: 'read the profile',
        url: withQuery(`${hosts.api}/v2/user/info/`, { fields: 'open_id,union_id,avatar_url,display_name,username' }),
        init: bearerGet(tokens.accessToken),
        schema: UserInfoResponseSchema,
        secrets: [tokens.accessToken],
        isErrorBody: isTikTokErrorBody,
      });
      const u = r.data.user;
      const accountName = u.username ? `@${u.username}` : (u.display_name ?? u.open_id);
      return [{ accountId: u.open_id, accountName, ...(u.avatar_url ? { pictureUrl: u.avatar_url } : {}), tokens }];
    },
  };
}
