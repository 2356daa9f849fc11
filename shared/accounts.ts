import * as z from 'zod';
import { text } from './text';
import { PLATFORMS } from './platforms';

export { OAUTH_STATE_TTL_SECONDS } from './oauth-state';

/** A connected social account as the browser sees it (docs/product-rules.md#entities: social_accounts). Never any token. */
export const SocialAccountSchema = z.object({
  id: z.string(),
  platform: z.enum(PLATFORMS),
  account_id: z.string(),
  account_name: z.string(),
  picture_url: z.string().nullable(),
  is_connected: z.boolean(),
  /** A recognised auth error (revoked, invalid_grant, code 190…) was seen: show "Reconnect". */
  needs_reconnect: z.boolean(),
  created_at: z.iso.datetime(),
  /** The client it was connected for through the client's connect link (agency mode); absent otherwise. */
  client_id: z.string().optional(),
});
export type SocialAccount = z.infer<typeof SocialAccountSchema>;

/** An account as GET /api/accounts returns it: plus its public profile page (null if it has none we can address). */
export const ConnectionViewSchema = SocialAccountSchema.extend({
  profile_url: z.string().nullable(),
  /** 'reconnect' when the stored grant lacks the permission to read analytics: "Reconnect to see analytics". */
  analytics: z.enum(['ready', 'reconnect']).optional(),
  /** 'reconnect' when the stored grant lacks the comment permission: "Reconnect {platform} to post first comments". */
  first_comment: z.enum(['ready', 'reconnect']).optional(),
});
export type ConnectionView = z.infer<typeof ConnectionViewSchema>;

/** GET /api/accounts, newest first. */
export const ConnectionListSchema = z.object({ accounts: z.array(ConnectionViewSchema) });

export const PlatformParamsSchema = z.object({ platform: z.enum(PLATFORMS, { message: 'Unknown platform' }) });
export const ConnectionIdParamsSchema = z.object({ id: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { message: 'Unknown account' }) });

/** POST /api/accounts/{platform}/oauth/initiate → where to send the popup. */
export const InitiateOAuthResponseSchema = z.object({ authUrl: z.url() });

/** GET /api/oauth/{platform}/callback: the platform's redirect (code + state, or an error). */
export const OAuthCallbackQuerySchema = z.object({
  state: text().min(1).max(512).optional(),
  code: text().min(1).max(2048).optional(),
  error: text().max(200).optional(),
  error_description: text().max(1000).optional(),
  error_reason: text().max(200).optional(),
  /** The authorization server that answered (RFC 9207); atproto OAuth (Bluesky) sends it. */
  iss: text().max(2048).optional(),
});

/** GET /api/accounts/{id}/page-info: a Facebook Page's public details (docs/product-rules.md#entities: Facebook page metadata). */
export const FacebookPageInfoSchema = z.object({
  name: z.string(),
  category: z.string().nullable(),
  picture: z.string().nullable(),
  cover: z.string().nullable(),
  location: z.object({ city: z.string().nullable(), country: z.string().nullable() }).nullable(),
  /** Graph's flat map, e.g. { mon_1_open: "09:00", mon_1_close: "17:00" }. */
  hours: z.record(z.string(), z.string()).nullable(),
  is_verified: z.boolean(),
});
export type FacebookPageInfo = z.infer<typeof FacebookPageInfoSchema>;
