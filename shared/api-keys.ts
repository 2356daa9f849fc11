import * as z from 'zod';
import { text } from './text';
import { RoleSchema } from './workspaces';

/**
 * API keys (docs/public-api.md): a workspace's keys for programs, made and revoked in Settings. A key
 * authenticates `Authorization: Bearer <key>` on the public prefix only; it acts in its workspace with
 * its role, exactly as a member of that role would.
 */

export { PUBLIC_API_PREFIX } from './public-api';

/**
 * What every key starts with, so a key is recognisable in a config file or a secret scanner's
 * findings, and told from a Cognito token (a JWT starts with `ey`) before any lookup.
 */
export const API_KEY_PREFIX = 'sap_live_';
/** The prefix and 32 random bytes as base64url (43 characters). */
export const API_KEY_PATTERN = /^sap_live_[A-Za-z0-9_-]{43}$/;

/** A workspace's keys, at most: far beyond one per integration, small enough to list in one page. */
export const MAX_API_KEYS = 50;
export const API_KEY_NAME_MAX = 60;
/** A request marks its key used at most this often, so a busy integration does not write once per request. */
export const LAST_USED_PRECISION_SECONDS = 60;

/**
 * Requests one key may make in a fixed window, over all /v1 routes together; every /v1 answer says
 * where the caller stands (`X-RateLimit-*`). Routes that create something keep the app's own limit
 * too, counted per key.
 */
export const API_KEY_RATE_LIMIT = { max: 120, windowSeconds: 60 } as const;

export const API_KEY_MSG = {
  nameRequired: 'Give the key a name, such as the tool that will use it.',
  nameTooLong: `A key's name is at most ${API_KEY_NAME_MAX} characters.`,
  expiryPast: 'The expiry date must be in the future.',
  roleAboveYours: 'A key cannot have a higher role than yours.',
  ownerKeyNeedsOwner: 'Only an Owner can revoke a key with the Owner role.',
  limitReached: `A workspace can have at most ${MAX_API_KEYS} API keys. Revoke one you no longer use to make another.`,
  notFound: 'API key not found.',
  /** One message for every key that does not open the API (unknown, revoked, expired, malformed): it tells a guesser nothing. */
  invalid: 'This API key is not valid. It may have been revoked or have expired; make a new one in Settings → API keys.',
  missing: 'Send your API key as "Authorization: Bearer <key>". Make one in Settings → API keys.',
  shownOnce: "Copy this key now. You won't see it again.",
} as const;

const KeyIdSchema = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { message: API_KEY_MSG.notFound });
export const ApiKeyIdParamsSchema = z.object({ id: KeyIdSchema });

export const CreateApiKeyBodySchema = z
  .object({
    name: text({ message: API_KEY_MSG.nameRequired })
      .trim()
      .min(1, { message: API_KEY_MSG.nameRequired })
      .max(API_KEY_NAME_MAX, { message: API_KEY_MSG.nameTooLong }),
    role: RoleSchema,
    /** ISO 8601 with an offset; absent or null: the key never expires. */
    expires_at: z.iso.datetime({ offset: true, message: 'The expiry date is not a valid date and time.' }).nullable().optional(),
  })
  .strict();
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBodySchema>;

/** A key as the list shows it: never the key, only its prefix and last four characters. */
export const ApiKeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: RoleSchema,
  /** `sap_live_…AbCd`. */
  masked: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof ApiKeyViewSchema>;

export const ApiKeyListSchema = z.object({ items: z.array(ApiKeyViewSchema) });
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;

/** The answer to creating a key: the one time the key itself is shown. */
export const CreatedApiKeySchema = ApiKeyViewSchema.extend({ key: z.string().regex(API_KEY_PATTERN) });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

/** `sap_live_…` plus the last four characters: enough to tell keys apart, useless to an attacker. */
export const maskApiKey = (last4: string): string => `${API_KEY_PREFIX}…${last4}`;

/** Rate-limit headers on every authenticated /v1 answer (names as the IETF draft and most APIs spell them). */
export const RATE_LIMIT_HEADERS = {
  limit: 'x-ratelimit-limit',
  remaining: 'x-ratelimit-remaining',
  /** Seconds until the window resets. */
  reset: 'x-ratelimit-reset',
} as const;
