import * as z from 'zod';
import { GRAPH_VERSION } from './hosts';
import { callPlatform, classifyGraphError, expiresAtFrom, formPost, jsonGet, splitScopes, withQuery, type AdapterDeps, type CallContext } from './http';
import { PlatformError, type PlatformAdapter, type TokenSet } from './types';

/** Instagram Login scopes (§1.1); the older `business_*` names were retired in Jan 2025. */
export const INSTAGRAM_SCOPES = ['instagram_business_basic', 'instagram_business_content_publish'] as const;

/** Long-lived tokens last 60 days (§1.1 step 3/4). */
const LONG_LIVED_SECONDS = 60 * 24 * 3600;
/** A token can only be refreshed once it is at least 24 h old (§1.1 step 4); the margin covers Meta's expires_in being a little under 60 days. */
const MIN_AGE_TO_REFRESH_SECONDS = 24 * 3600 + 10 * 60;

const ShortTokenSchema = z.object({
  access_token: z.string().min(1),
  user_id: z.union([z.string(), z.number()]).optional(),
  permissions: z.union([z.string(), z.array(z.string())]).optional(),
});
// Third-party code has seen the short-lived payload wrapped in `data:[…]` (§1.1, unconfirmed): accept both.
const ShortTokenResponseSchema = z.union([ShortTokenSchema, z.object({ data: z.array(ShortTokenSchema).min(1) }).transform((r) => r.data[0])]);

const LongTokenResponseSchema = z.object({ access_token: z.string().min(1), token_type: z.string().optional(), expires_in: z.number() });

const MeResponseSchema = z.object({
  user_id: z.union([z.string(), z.number()]).optional(),
  id: z.string().optional(),
  username: z.string(),
  name: z.string().optional(),
  profile_picture_url: z.string().optional(),
});

export function createInstagramAdapter(deps: AdapterDeps<'instagram'>): PlatformAdapter {
  const { app, hosts, now } = deps;
  const ctx: CallContext = { platform: 'instagram', fetch: deps.fetch, now, classify: (res) => classifyGraphError(res, 'Instagram') };

  return {
    platform: 'instagram',
    usesPkce: false,
    authorizeUrl({ state }) {
      return withQuery(`${hosts.www}/oauth/authorize`, {
        client_id: app.clientId,
        redirect_uri: app.redirectUri,
        response_type: 'code',
        scope: INSTAGRAM_SCOPES.join(','),
        state,
      });
    },
    async exchangeCode({ code }) {
      const short = await callPlatform(ctx, {
        what: 'exchange the sign-in code',
        url: `${hosts.api}/oauth/access_token`,
        init: formPost({ client_id: app.clientId, client_secret: app.clientSecret, grant_type: 'authorization_code', redirect_uri: app.redirectUri, code }),
        schema: ShortTokenResponseSchema,
        secrets: [code, app.clientSecret],
      });
      const long = await callPlatform(ctx, {
        what: 'get a long-lived sign-in',
        url: withQuery(`${hosts.graph}/access_token`, { grant_type: 'ig_exchange_token', client_secret: app.clientSecret, access_token: short.access_token }),
        init: jsonGet,
        schema: LongTokenResponseSchema,
        secrets: [short.access_token, app.clientSecret],
      });
      const scopes = Array.isArray(short.permissions) ? short.permissions : splitScopes(short.permissions);
      return { accessToken: long.access_token, issuedAt: now().toISOString(), expiresAt: expiresAtFrom(now(), long.expires_in), ...(scopes ? { scopes } : {}) };
    },
    async refresh(tokens) {
      // No refresh token on Instagram: the long-lived access token refreshes itself.
      if (tokens.expiresAt === null) return tokens;
      const remaining = (Date.parse(tokens.expiresAt) - now().getTime()) / 1000;
      if (remaining <= 0) throw new PlatformError('instagram', 'reauth', 'The Instagram sign-in has expired; please reconnect Instagram.');
      // Tokens stored before issuedAt was recorded: infer the age from the 60-day lifetime.
      const ageSeconds = tokens.issuedAt ? (now().getTime() - Date.parse(tokens.issuedAt)) / 1000 : LONG_LIVED_SECONDS - remaining;
      if (ageSeconds < MIN_AGE_TO_REFRESH_SECONDS) return tokens;
      const r = await callPlatform(ctx, {
        what: 'refresh the sign-in',
        url: withQuery(`${hosts.graph}/refresh_access_token`, { grant_type: 'ig_refresh_token', access_token: tokens.accessToken }),
        init: jsonGet,
        schema: LongTokenResponseSchema,
        secrets: [tokens.accessToken],
      });
      const next: TokenSet = { ...tokens, accessToken: r.access_token, issuedAt: now().toISOString(), expiresAt: expiresAtFrom(now(), r.expires_in) };
      return next;
    },
    async accounts(tokens) {
      const r = await callPlatform(ctx, {
        what: 'read the profile',
        url: withQuery(`${hosts.graph}/${GRAPH_VERSION}/me`, { fields: 'user_id,username,name,profile_picture_url', access_token: tokens.accessToken }),
        init: jsonGet,
        schema: MeResponseSchema,
        secrets: [tokens.accessToken],
      });
      // user_id is the IG professional account id used for publishing; id is app-scoped.
      const accountId = String(r.user_id ?? r.id ?? '');
      if (!accountId) throw new PlatformError('instagram', 'stop', 'Instagram did not say which account this is.');
      return [{ accountId, accountName: `@${r.username}`, ...(r.profile_picture_url ? { pictureUrl: r.profile_picture_url } : {}), tokens }];
    },
  };
}
