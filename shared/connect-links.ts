import * as z from 'zod';
import { PLATFORMS } from './platforms';

/**
 * Client connect links (docs/workspaces.md#client-connect-links): an Admin sends a client a link
 * that opens the networks' consent pages, so the client connects their own accounts into the
 * workspace under their client, and nobody at the agency ever handles the client's passwords.
 */
export const CONNECT_LINK_DEFAULT_DAYS = 7;
export const CONNECT_LINK_MAX_DAYS = 14;

const Ulid = (message: string) => z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { message });

export const CONNECT_LINK_MSG = {
  notFound: 'This connect link does not exist or was revoked. Ask the agency that sent it for a new one.',
  expired: 'This connect link has expired. Ask the agency that sent it for a new one.',
  invalid: 'This connect link is not valid.',
  platformNotOffered: 'This link does not offer that network.',
  revokedMeanwhile: 'This connect link was revoked or has expired, so nothing was connected. Ask the agency that sent it for a new one.',
  alreadyRevoked: 'This link was already revoked.',
  platformsRequired: 'Choose at least one network.',
  expiryRange: `A link works for 1 to ${CONNECT_LINK_MAX_DAYS} days.`,
} as const;

/** A connect link's token as the URL carries it: 32 random bytes, base64url (43 characters). */
export const ConnectLinkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, CONNECT_LINK_MSG.invalid);

export const ConnectLinkParamsSchema = z.object({ id: Ulid('Client not found'), linkId: Ulid('Connect link not found') });

/** POST /api/clients/{id}/connect-links: which networks it offers (all the plan allows when left out) and for how long. */
export const CreateConnectLinkBodySchema = z
  .object({
    platforms: z
      .array(z.enum(PLATFORMS, { message: 'Unknown platform' }))
      .min(1, CONNECT_LINK_MSG.platformsRequired)
      .max(PLATFORMS.length)
      .transform((list) => [...new Set(list)])
      .optional(),
    expires_in_days: z
      .number({ message: CONNECT_LINK_MSG.expiryRange })
      .int(CONNECT_LINK_MSG.expiryRange)
      .min(1, CONNECT_LINK_MSG.expiryRange)
      .max(CONNECT_LINK_MAX_DAYS, CONNECT_LINK_MSG.expiryRange)
      .optional(),
  })
  .strict();
export type CreateConnectLinkBody = z.input<typeof CreateConnectLinkBodySchema>;

/** A link as the agency sees it in the list (never its token: only its hash is stored). */
export const ConnectLinkSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  platforms: z.array(z.enum(PLATFORMS)),
  created_at: z.string(),
  expires_at: z.string(),
});
export type ConnectLink = z.infer<typeof ConnectLinkSchema>;

/** The creation answer: the one time the URL (and so the token) is shown. */
export const CreatedConnectLinkSchema = ConnectLinkSchema.extend({ url: z.url() });
export type CreatedConnectLink = z.infer<typeof CreatedConnectLinkSchema>;

export const ConnectLinkListSchema = z.object({ items: z.array(ConnectLinkSchema) });
export type ConnectLinkList = z.infer<typeof ConnectLinkListSchema>;

/** GET /api/connect-links/preview?token=. */
export const ConnectLinkPreviewQuerySchema = z.object({ token: ConnectLinkTokenSchema });
/** What the public page shows: whose workspace asks, for which client, and which networks are connected already. */
export const ConnectLinkPreviewSchema = z.object({
  workspace_name: z.string(),
  client_name: z.string(),
  platforms: z.array(z.object({ platform: z.enum(PLATFORMS), available: z.boolean(), connected_count: z.number().int() })),
  expires_at: z.string(),
});
export type ConnectLinkPreview = z.infer<typeof ConnectLinkPreviewSchema>;

/** POST /api/connect-links/start. */
export const StartConnectLinkBodySchema = z.object({ token: ConnectLinkTokenSchema, platform: z.enum(PLATFORMS, { message: 'Unknown platform' }) }).strict();
