import * as z from 'zod';
import { GRAPH_VERSION } from './hosts';
import { callPlatform, classifyGraphError, expiresAtFrom, jsonGet, withQuery, type AdapterDeps, type CallContext } from './http';
import { PlatformError, type ConnectedAccount, type PlatformAdapter, type TokenSet } from './types';

/** platform-apis.md §2.1: list Pages, read engagement, post, and publish_video for video. */
export const FACEBOOK_SCOPES = ['pages_show_list', 'pages_read_engagement', 'pages_manage_posts', 'publish_video'] as const;

const TokenResponseSchema = z.object({ access_token: z.string().min(1), token_type: z.string().optional(), expires_in: z.number().optional() });

const PictureSchema = z.object({ data: z.object({ url: z.string().optional() }).optional() });

const AccountsResponseSchema = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string(), access_token: z.string().min(1), picture: PictureSchema.optional() })),
  paging: z.object({ next: z.string().optional() }).optional(),
});

const PageInfoResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string().optional(),
  picture: PictureSchema.optional(),
  cover: z.object({ source: z.string().optional() }).optional(),
  location: z.object({ city: z.string().optional(), country: z.string().optional() }).optional(),
  hours: z.record(z.string(), z.string()).optional(),
  is_verified: z.boolean().optional(),
});

export interface PageInfo {
  readonly id: string;
  readonly name: string;
  readonly category?: string;
  readonly pictureUrl?: string;
  readonly coverUrl?: string;
  readonly location?: { readonly city?: string; readonly country?: string };
  /** Graph's flat map, e.g. `{ mon_1_open: "09:00", mon_1_close: "17:00" }`. */
  readonly hours?: Readonly<Record<string, string>>;
  readonly isVerified: boolean;
}

export interface FacebookAdapter extends PlatformAdapter {
  pageInfo(pageToken: string, pageId: string): Promise<PageInfo>;
}

/** Following `paging.next` is bounded; nobody manages more Pages than this through one login. */
const MAX_ACCOUNT_PAGES = 10;

export function createFacebookAdapter(deps: AdapterDeps<'facebook'>): FacebookAdapter {
  const { app, hosts, now } = deps;
  const ctx: CallContext = { platform: 'facebook', fetch: deps.fetch, now, classify: (res) => classifyGraphError(res, 'Facebook') };
  const graph = `${hosts.graph}/${GRAPH_VERSION}`;

  /** Short- or long-lived user token → long-lived (~60 days). An expired token cannot be exchanged (§2.1). */
  const longLived = async (userToken: string): Promise<TokenSet> => {
    const r = await callPlatform(ctx, {
      what: 'get a long-lived sign-in',
      url: withQuery(`${graph}/oauth/access_token`, {
        grant_type: 'fb_exchange_token',
        client_id: app.clientId,
        client_secret: app.clientSecret,
        fb_exchange_token: userToken,
      }),
      init: jsonGet,
      schema: TokenResponseSchema,
      secrets: [userToken, app.clientSecret],
    });
    return { accessToken: r.access_token, issuedAt: now().toISOString(), expiresAt: r.expires_in === undefined ? null : expiresAtFrom(now(), r.expires_in) };
  };

  return {
    platform: 'facebook',
    usesPkce: false,
    authorizeUrl({ state }) {
      return withQuery(`${hosts.www}/${GRAPH_VERSION}/dialog/oauth`, {
        client_id: app.clientId,
        redirect_uri: app.redirectUri,
        state,
        response_type: 'code',
        scope: FACEBOOK_SCOPES.join(','),
      });
    },
    async exchangeCode({ code }) {
      const short = await callPlatform(ctx, {
        what: 'exchange the sign-in code',
        url: withQuery(`${graph}/oauth/access_token`, { client_id: app.clientId, redirect_uri: app.redirectUri, client_secret: app.clientSecret, code }),
        init: jsonGet,
        schema: TokenResponseSchema,
        secrets: [code, app.clientSecret],
      });
      return longLived(short.access_token);
    },
    async refresh(tokens) {
      // Page tokens (and non-expiring user tokens) have nothing to refresh; Facebook issues no refresh token.
      if (tokens.expiresAt === null) return tokens;
      if (Date.parse(tokens.expiresAt) <= now().getTime()) {
        throw new PlatformError('facebook', 'reauth', 'The Facebook sign-in has expired; please reconnect Facebook.');
      }
      return longLived(tokens.accessToken);
    },
    async accounts(tokens) {
      const out: ConnectedAccount[] = [];
      let url: string | undefined = withQuery(`${graph}/me/accounts`, { fields: 'id,name,access_token,picture', access_token: tokens.accessToken });
      for (let i = 0; url && i < MAX_ACCOUNT_PAGES; i++) {
        const r: z.infer<typeof AccountsResponseSchema> = await callPlatform(ctx, {
          what: 'list your Pages',
          url,
          init: jsonGet,
          schema: AccountsResponseSchema,
          secrets: [tokens.accessToken],
        });
        for (const page of r.data) {
          const pictureUrl = page.picture?.data?.url;
          // A Page token derived from a long-lived user token does not expire (§2.1).
          out.push({ accountId: page.id, accountName: page.name, ...(pictureUrl ? { pictureUrl } : {}), tokens: { accessToken: page.access_token, issuedAt: now().toISOString(), expiresAt: null } });
        }
        // Only follow cursors on the host we were given (the sandbox rewrites it; never send a token elsewhere).
        const next: string | undefined = r.paging?.next;
        url = next && next.startsWith(`${hosts.graph}/`) ? next : undefined;
      }
      return out;
    },
    async pageInfo(pageToken, pageId) {
      const r = await callPlatform(ctx, {
        what: 'read the Page details',
        url: withQuery(`${graph}/${encodeURIComponent(pageId)}`, {
          fields: 'name,category,picture,cover,location,hours,is_verified',
          access_token: pageToken,
        }),
        init: jsonGet,
        schema: PageInfoResponseSchema,
        secrets: [pageToken],
      });
      const pictureUrl = r.picture?.data?.url;
      const coverUrl = r.cover?.source;
      return {
        id: r.id,
        name: r.name,
        ...(r.category ? { category: r.category } : {}),
        ...(pictureUrl ? { pictureUrl } : {}),
        ...(coverUrl ? { coverUrl } : {}),
        ...(r.location ? { location: { ...(r.location.city ? { city: r.location.city } : {}), ...(r.location.country ? { country: r.location.country } : {}) } } : {}),
        ...(r.hours ? { hours: r.hours } : {}),
        isVerified: r.is_verified ?? false,
      };
    },
  };
}
