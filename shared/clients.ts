import * as z from 'zod';
import { text } from './text';
import { CLIENT_MSG, CLIENT_NAME_MAX, isHttpUrl, LOGO_URL_MAX } from './client-rules';

/**
 * Agency clients (docs/product-rules.md#clients, #other-forms, #writes-and-storage). A logo URL is only ever rendered by
 * the browser, never fetched by the server (docs/threat-model.md#1-the-browser-and-everything-it-sends), so http(s) is all it has to be.
 */

export { CLIENT_MSG, CLIENT_NAME_MAX, clientInitials, isHttpUrl, LOGO_URL_MAX, MAX_CLIENTS } from './client-rules';

const Ulid = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { message: CLIENT_MSG.notFound });
export const ClientIdParamsSchema = z.object({ id: Ulid });

export const ClientNameSchema = text({ message: CLIENT_MSG.nameRequired })
  .trim()
  .min(1, { message: CLIENT_MSG.nameRequired })
  .max(CLIENT_NAME_MAX, { message: CLIENT_MSG.nameTooLong });

/** Optional logo: a blank field (or null) means "no logo"; anything else must be an http(s) URL. */
export const LogoUrlSchema = z
  .union([text(), z.null()])
  .transform((v) => (v === null ? null : v.trim() || null))
  .refine((v) => v === null || (v.length <= LOGO_URL_MAX && isHttpUrl(v)), { message: CLIENT_MSG.logoUrlInvalid });

export const ClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo_url: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type Client = z.infer<typeof ClientSchema>;

export const ClientListSchema = z.object({ items: z.array(ClientSchema) });
export type ClientList = z.infer<typeof ClientListSchema>;

/** POST /api/clients */
export const CreateClientSchema = z.object({
  name: ClientNameSchema,
  logo_url: LogoUrlSchema.optional(),
});
export type CreateClientInput = z.input<typeof CreateClientSchema>;
export type CreateClient = z.output<typeof CreateClientSchema>;

/** PATCH /api/clients/{id}: name and/or logo (null or '' removes the logo); at least one of them. */
export const UpdateClientSchema = z
  .object({
    name: ClientNameSchema.optional(),
    logo_url: LogoUrlSchema.optional(),
  })
  .refine((v) => v.name !== undefined || v.logo_url !== undefined, { message: 'Nothing to update' });
export type UpdateClientInput = z.input<typeof UpdateClientSchema>;
export type UpdateClient = z.output<typeof UpdateClientSchema>;
