import * as z from 'zod';
import {
  OAuthErrorSchema,
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

/** §5.1: upload, plus a read scope to look up the channel. */
export const YOUTUBE_SCOPES = ['https://www.googleapis.com/auth/youtube.upload', 'https://www.googleapis.com/auth/youtube.readonly'] as const;

const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});

const ChannelsResponseSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        snippet: z.object({
          title: z.string(),
          customUrl: z.string().optional(),
          thumbnails: z.record(z.string(), z.object({ url: z.string() })).optional(),
        }),
      }),
    )
    .optional(),
});

const ApiErrorSchema = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional(), message: z.string().optional() })).optional(),
  }),
});

const BACKOFF_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);
const FIX_INPUT_REASONS = new Set([
  'invalidTitle',
  'invalidDescription',
  'invalidCategoryId',
  'invalidTags',
  'invalidVideoMetadata',
  'invalidPublishAt',
  'invalidFilename',
  'defaultLanguageNotSet',
  'mediaBodyRequired',
  'forbiddenPrivacySetting',
  'forbiddenLicenseSetting',
  'badRequest',
  'invalidParameter',
  'required',
]);

export function classifyYouTubeError(res: FailedResponse): Classification {
  const oauth = OAuthErrorSchema.safeParse(res.body);
  const api = ApiErrorSchema.safeParse(res.body);
  const reason = api.success ? api.data.error.errors?.[0]?.reason : undefined;
  const code = oauth.success ? oauth.data.error : (reason ?? (api.success ? api.data.error.status : undefined));
  const text = oauth.success ? (oauth.data.error_description ?? oauth.data.error) : api.success ? api.data.error.message : undefined;
  const base = { code, platformMessage: text };
  const reauth = { ...base, category: 'reauth' as const, reason: 'the Google sign-in expired or was revoked; please reconnect YouTube' };

  // A dead refresh token: "Token has been expired or revoked." (§5.1)
  if (oauth.success && oauth.data.error === 'invalid_grant') return reauth;
  // Google answers bad client credentials with 401 invalid_client: our configuration, not the user's sign-in.
  if (oauth.success && ['invalid_client', 'unauthorized_client', 'redirect_uri_mismatch'].includes(oauth.data.error)) {
    return { ...base, category: 'stop', reason: "our Google app configuration wasn't accepted" };
  }
  if (res.status === 401 || reason === 'authError' || (api.success && api.data.error.status === 'UNAUTHENTICATED')) return reauth;
  if (res.status === 429 || (reason && BACKOFF_REASONS.has(reason))) {
    return { ...base, category: 'backoff', reason: 'too many requests, waiting before trying again', retryAfterSeconds: retryAfterHeader(res.headers, res.now) };
  }
  // Per-channel daily upload cap: try again in a day (§5.3).
  if (reason === 'uploadLimitExceeded') return { ...base, category: 'backoff', reason: 'the channel reached its daily upload limit', retryAfterSeconds: 24 * 3600 };
  // Retrying only burns quota until it resets at midnight Pacific (§5.4).
  if (reason === 'quotaExceeded') return { ...base, category: 'stop', reason: "today's YouTube API quota is used up (it resets at midnight Pacific time)" };
  if (isServerError(res.status) || reason === 'backendError') return { ...base, category: 'retry', reason: 'YouTube had a temporary problem' };
  if ((reason && FIX_INPUT_REASONS.has(reason)) || (oauth.success && oauth.data.error === 'invalid_request') || res.status === 400) {
    return { ...base, category: 'fix-input', reason: 'the request was invalid' };
  }
  return { ...base, category: 'stop', reason: res.status === 403 ? 'YouTube does not allow this for this channel' : `YouTube answered with status ${res.status}` };
}

export function createYouTubeAdapter(deps: AdapterDeps<'youtube'>): PlatformAdapter {
  const { app, hosts, now } = deps;
  const ctx: CallContext = { platform: 'youtube', fetch: deps.fetch, now, classify: classifyYouTubeError };
  const tokenUrl = `${hosts.oauth2}/token`;

  const toTokenSet = (r: z.infer<typeof TokenResponseSchema>, previous?: TokenSet): TokenSet => {
    // Google usually omits refresh_token on refresh: the one we had stays valid.
    const refreshToken = r.refresh_token ?? previous?.refreshToken;
    const scopes = splitScopes(r.scope) ?? previous?.scopes;
    return {
      accessToken: r.access_token,
      ...(refreshToken ? { refreshToken } : {}),
      issuedAt: now().toISOString(),
      expiresAt: expiresAtFrom(now(), r.expires_in),
      ...(scopes ? { scopes } : {}),
    };
  };

  return {
    platform: 'youtube',
    usesPkce: false,
    authorizeUrl({ state }) {
      return withQuery(`${hosts.accounts}/o/oauth2/v2/auth`, {
        client_id: app.clientId,
        redirect_uri: app.redirectUri,
        response_type: 'code',
        scope: YOUTUBE_SCOPES.join(' '),
        // offline → a refresh token; consent → Google issues it again on a reconnect (§5.1).
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
      });
    },
    async exchangeCode({ code }) {
      const r = await callPlatform(ctx, {
        what: 'exchange the sign-in code',
        url: tokenUrl,
        init: formPost({ code, client_id: app.clientId, client_secret: app.clientSecret, redirect_uri: app.redirectUri, grant_type: 'authorization_code' }),
        schema: TokenResponseSchema,
        secrets: [code, app.clientSecret],
      });
      return toTokenSet(r);
    },
    async refresh(tokens) {
      if (!tokens.refreshToken) throw reauthMissingRefreshToken('youtube');
      const r = await callPlatform(ctx, {
        what: 'refresh the sign-in',
        url: tokenUrl,
        init: formPost({ client_id: app.clientId, client_secret: app.clientSecret, refresh_token: tokens.refreshToken, grant_type: 'refresh_token' }),
        schema: TokenResponseSchema,
        secrets: [tokens.refreshToken, tokens.accessToken, app.clientSecret],
      });
      return toTokenSet(r, tokens);
    },
    async accounts(tokens) {
      const r = await callPlatform(ctx, {
        what: 'read the channel',
        url: withQuery(`${hosts.api}/youtube/v3/channels`, { part: 'snippet', mine: 'true' }),
        init: bearerGet(tokens.accessToken),
        schema: ChannelsResponseSchema,
        secrets: [tokens.accessToken],
      });
      // A Google account without a channel answers with no items: nothing to post as.
      return (r.items ?? []).map((item) => {
        const thumbs = item.snippet.thumbnails;
        const pictureUrl = thumbs?.['default']?.url ?? thumbs?.['medium']?.url;
        return { accountId: item.id, accountName: item.snippet.title, ...(pictureUrl ? { pictureUrl } : {}), tokens };
      });
    },
  };
}
