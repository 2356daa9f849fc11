import * as z from 'zod';
import { checkUploadSize, isImageType } from './media';
import { MSG } from './messages';
import { ProfileSchema } from './settings';
import { text } from './text';

/**
 * The profile row (docs/product-rules.md#entities, #writes-and-storage) and the avatar upload.
 * The browser validates with these same schemas before it sends anything.
 */
export const PROFILE_LIMITS = { username: 50, bio: 500, url: 2048 } as const;

export const PROFILE_MSG = {
  usernameTooLong: `Nickname must be ${PROFILE_LIMITS.username} characters or less`,
  bioTooLong: `Bio must be ${PROFILE_LIMITS.bio} characters or less`,
  websiteInvalid: 'Website must be a link starting with http:// or https://',
  avatarUrlInvalid: 'Profile picture URL must be a link starting with http:// or https://',
  urlTooLong: `Links must be ${PROFILE_LIMITS.url} characters or less`,
  avatarImagesOnly: 'Only JPEG, PNG, WebP or GIF images can be used as a profile picture',
  nothingToUpdate: 'Nothing to update',
} as const;

/**
 * A link the user typed is only ever rendered (an <a href>, an <img src>), never fetched by the
 * server. Still only http(s): `javascript:` in an href runs script, and `data:`/`ftp:` and friends
 * have no business in a profile.
 */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const httpUrl = (message: string) => text().trim().max(PROFILE_LIMITS.url, PROFILE_MSG.urlTooLong).refine(isHttpUrl, { message });

/** Empty text clears a field: it is stored as "no value" (null). */
const emptyToNull = (value: string) => (value === '' ? null : value);

/** PATCH /api/profile: any subset of the fields, at least one. */
export const UpdateProfileSchema = z
  .object({
    username: text().trim().max(PROFILE_LIMITS.username, PROFILE_MSG.usernameTooLong).transform(emptyToNull).optional(),
    bio: text().trim().max(PROFILE_LIMITS.bio, PROFILE_MSG.bioTooLong).transform(emptyToNull).optional(),
    website: text()
      .trim()
      .max(PROFILE_LIMITS.url, PROFILE_MSG.urlTooLong)
      .refine((v) => v === '' || isHttpUrl(v), { message: PROFILE_MSG.websiteInvalid })
      .transform(emptyToNull)
      .optional(),
    /** A picture on the web, or null to remove the picture. Uploads go through the avatar routes. */
    avatar_url: httpUrl(PROFILE_MSG.avatarUrlInvalid).nullable().optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((value) => value !== undefined), { message: PROFILE_MSG.nothingToUpdate });
export type UpdateProfileInput = z.input<typeof UpdateProfileSchema>;
export type UpdateProfile = z.output<typeof UpdateProfileSchema>;

/** PATCH /api/profile and POST /api/profile/avatar answer with the profile as GET /api/me shows it. */
export const ProfileResponseSchema = z.object({ profile: ProfileSchema });
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

/** POST /api/profile/avatar/uploads: a presigned POST for one image of at most 100 MB (docs/product-rules.md#other-forms). */
export const AvatarPresignSchema = z
  .object({
    file_name: text().min(1).max(255),
    file_type: text().max(255).refine(isImageType, { message: PROFILE_MSG.avatarImagesOnly }),
    file_size: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  })
  .strict()
  .superRefine((file, ctx) => {
    const tooLarge = checkUploadSize(file.file_name, file.file_size);
    if (tooLarge) ctx.addIssue({ code: 'custom', message: tooLarge, path: ['file_size'], params: { title: MSG.fileTooLargeTitle } });
  });
export type AvatarPresign = z.infer<typeof AvatarPresignSchema>;

/** POST /api/profile/avatar: the upload finished; the API checks the object and sets it as the picture. */
export const AvatarConfirmSchema = z.object({ key: text().min(1).max(1024) }).strict();
export type AvatarConfirm = z.infer<typeof AvatarConfirmSchema>;

/**
 * How an uploaded picture is stored in profiles.avatar_url: a reference to our own bucket, never a
 * URL (the bucket is private; GET /api/me turns it into a short-lived presigned URL).
 */
export const AVATAR_REF_PREFIX = 's3://';
export const avatarRef = (key: string) => `${AVATAR_REF_PREFIX}${key}`;
/** The object key of an uploaded picture, or null for a URL picture or none. */
export function avatarKeyOf(avatarUrl: string | null | undefined): string | null {
  return avatarUrl?.startsWith(AVATAR_REF_PREFIX) ? avatarUrl.slice(AVATAR_REF_PREFIX.length) : null;
}
