import * as z from 'zod';
import { text } from './text';
import { isValidTimeZone } from './timezones';

export const MODES = ['creator', 'agency'] as const;
export type Mode = (typeof MODES)[number];
export const DEFAULT_MODE: Mode = 'creator';
export const DEFAULT_CLIENT_NAME = 'My Account';

export const TimeZoneSchema = text().refine(isValidTimeZone, { message: 'Please choose a valid timezone' });

export const SettingsSchema = z.object({
  mode: z.enum(MODES),
  /** null until the browser's zone is saved on first load (docs/product-rules.md#writes-and-storage). */
  timezone: TimeZoneSchema.nullable(),
  push_opt_in: z.boolean(),
  onboarding_completed: z.boolean(),
  /** "Email me about approvals": submissions to review, and decisions on one's own posts (docs/approvals.md#notices). */
  email_approvals: z.boolean(),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  mode: DEFAULT_MODE,
  timezone: null,
  push_opt_in: false,
  onboarding_completed: true,
  email_approvals: true,
};

export const ProfileSchema = z.object({
  username: z.string().nullable(),
  bio: z.string().nullable(),
  website: z.string().nullable(),
  avatar_url: z.string().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const EMPTY_PROFILE: Profile = { username: null, bio: null, website: null, avatar_url: null };

/** GET /api/me */
export const MeResponseSchema = z.object({
  userId: z.string(),
  email: z.string().nullable(),
  settings: SettingsSchema,
  profile: ProfileSchema,
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

/** PATCH /api/settings: any subset, at least one field. */
export const UpdateSettingsSchema = z
  .object({
    timezone: TimeZoneSchema.optional(),
    mode: z.enum(MODES, { message: 'Mode must be creator or agency' }).optional(),
    push_opt_in: z.boolean().optional(),
    email_approvals: z.boolean().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });
export type UpdateSettings = z.infer<typeof UpdateSettingsSchema>;

/** PUT /api/settings/initial-timezone: saved only when none is stored yet (docs/product-rules.md#writes-and-storage). */
export const InitialTimezoneSchema = z.object({ timezone: TimeZoneSchema }).strict();
