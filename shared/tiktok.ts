import * as z from 'zod';

/**
 * TikTok Direct Post as TikTok's Content Sharing Guidelines require it (docs/tiktok.md): the user
 * picks the privacy level from the creator's own options (no default), the interaction toggles start
 * off, commercial content is disclosed, and the user consents. Shared by the API and the compose panel.
 */

/** `post_info.privacy_level` values (Direct Post reference). */
export const TIKTOK_PRIVACY_LEVELS = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'] as const;
export type TikTokPrivacyLevel = (typeof TIKTOK_PRIVACY_LEVELS)[number];

export const TIKTOK_PRIVACY_LABELS: Record<TikTokPrivacyLevel, string> = {
  PUBLIC_TO_EVERYONE: 'Everyone',
  MUTUAL_FOLLOW_FRIENDS: 'Friends',
  FOLLOWER_OF_CREATOR: 'Followers',
  SELF_ONLY: 'Only me',
};

/** GET /api/accounts/{id}/tiktok-creator-info: what `creator_info/query` says this creator may do now. */
export const TikTokCreatorInfoSchema = z.object({
  creator_nickname: z.string(),
  creator_username: z.string(),
  creator_avatar_url: z.string().nullable(),
  /** Only the values we know, in TikTok's order; an unknown future value is left out rather than sent. */
  privacy_level_options: z.array(z.enum(TIKTOK_PRIVACY_LEVELS)),
  comment_disabled: z.boolean(),
  duet_disabled: z.boolean(),
  stitch_disabled: z.boolean(),
  max_video_post_duration_sec: z.number().int().positive().nullable(),
});
export type TikTokCreatorInfo = z.infer<typeof TikTokCreatorInfoSchema>;

/** The per-target settings of a TikTok post (part of TargetSettingsSchema). */
export const TikTokSettingsShape = {
  /** Before the guidelines: a Private switch. Stored posts keep it; true reads as SELF_ONLY. */
  tiktok_private: z.boolean().optional(),
  /** Upload to the creator's TikTok inbox to finish in the app (video.upload) instead of a Direct Post. */
  tiktok_draft: z.boolean().optional(),
  /** Required for a Direct Post, never defaulted: the user chooses it from creator_info's options. */
  tiktok_privacy_level: z.enum(TIKTOK_PRIVACY_LEVELS).optional(),
  /** Off unless the user ticks them (guidelines: no interaction is preselected). */
  tiktok_allow_comment: z.boolean().optional(),
  tiktok_allow_duet: z.boolean().optional(),
  tiktok_allow_stitch: z.boolean().optional(),
  /** "Disclose video content": the post promotes a brand, product or service. */
  tiktok_commercial: z.boolean().optional(),
  /** "Your brand" (brand_organic_toggle): labelled "Promotional content". */
  tiktok_your_brand: z.boolean().optional(),
  /** "Branded content" (brand_content_toggle): labelled "Paid partnership"; cannot be SELF_ONLY. */
  tiktok_branded_content: z.boolean().optional(),
  /** The user agreed to TikTok's Music Usage Confirmation (and Branded Content Policy when branded). */
  tiktok_consent: z.boolean().optional(),
  /** Photo posts only (docs/tiktok.md#photo-posts): the post's title (≤ 90); the caption is its description. */
  tiktok_photo_title: z.string().max(1000).optional(),
  /** Photo posts only: which photo is the cover (photo_cover_index), 0-based; the first when absent. */
  tiktok_photo_cover_index: z.number().int().min(0).max(34).optional(),
} as const;

export interface TikTokSettings {
  readonly tiktok_private?: boolean | undefined;
  readonly tiktok_draft?: boolean | undefined;
  readonly tiktok_privacy_level?: TikTokPrivacyLevel | undefined;
  readonly tiktok_allow_comment?: boolean | undefined;
  readonly tiktok_allow_duet?: boolean | undefined;
  readonly tiktok_allow_stitch?: boolean | undefined;
  readonly tiktok_commercial?: boolean | undefined;
  readonly tiktok_your_brand?: boolean | undefined;
  readonly tiktok_branded_content?: boolean | undefined;
  readonly tiktok_consent?: boolean | undefined;
  readonly tiktok_photo_title?: string | undefined;
  readonly tiktok_photo_cover_index?: number | undefined;
}

/**
 * Photo posts (`/v2/post/publish/content/init/`, media_type PHOTO; docs/tiktok.md#photo-posts), per
 * https://developers.tiktok.com/doc/content-posting-api-reference-photo-post and the Media Transfer Guide
 * (https://developers.tiktok.com/doc/content-posting-api-media-transfer-guide): 1 to 35 JPEG or WebP images of
 * up to 20 MB each, pulled from a URL prefix verified for the app; title up to 90 runes, description up to 4,000.
 */
export const TIKTOK_PHOTO_MAX = 35;
export const TIKTOK_PHOTO_TYPES = ['image/jpeg', 'image/webp'] as const;
export const TIKTOK_PHOTO_MAX_BYTES = 20 * 1024 * 1024;
export const TIKTOK_PHOTO_TITLE_MAX = 90;
export const TIKTOK_PHOTO_DESCRIPTION_MAX = 4000;

export const TIKTOK_MSG = {
  privacyRequired: 'Choose who can see this TikTok post',
  commercialKindRequired: 'You need to indicate if your content promotes yourself, a third party, or both.',
  brandedNotPrivate: "Branded content visibility can't be set to private (Only me) on TikTok",
  consentRequired: "Agree to TikTok's Music Usage Confirmation to post to TikTok",
  unaudited: 'TikTok only allows private (Only me) posts from this app until TikTok audits it',
  tooLong: (max: number) => `This TikTok account can post videos up to ${formatDuration(max)} long`,
  yourBrandLabel: "Your photo/video will be labeled as 'Promotional content'",
  brandedLabel: "Your photo/video will be labeled as 'Paid partnership'",
  musicConsent: "By posting, you agree to TikTok's Music Usage Confirmation",
  brandedConsent: "By posting, you agree to TikTok's Branded Content Policy and Music Usage Confirmation",
  processingNote: 'After you post, it may take a few minutes for the video to process and appear on your TikTok profile.',
  photoProcessingNote: 'After you post, it may take a few minutes for the photos to process and appear on your TikTok profile.',
  photoTitleTooLong: (length: number) => `A TikTok photo title can be at most ${TIKTOK_PHOTO_TITLE_MAX} characters (this one has ${length})`,
} as const;

function formatDuration(seconds: number): string {
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
  return `${seconds} seconds`;
}

/** The privacy level a stored or new post publishes with: the user's choice, or SELF_ONLY for the old Private switch. */
export function tiktokPrivacyOf(settings: TikTokSettings): TikTokPrivacyLevel | undefined {
  return settings.tiktok_privacy_level ?? (settings.tiktok_private === true ? 'SELF_ONLY' : undefined);
}

/**
 * Whether TikTok will report the post's numbers: not for an Only me post (it never gets a public post
 * id, and the video query lists only public videos) nor for an inbox draft (TikTok gives no id for it).
 */
export function tiktokReportsNumbers(settings: TikTokSettings): boolean {
  return settings.tiktok_draft !== true && tiktokPrivacyOf(settings) !== 'SELF_ONLY';
}

/** The label TikTok will put on the post, or null when nothing is disclosed. */
export function tiktokCommercialLabel(settings: TikTokSettings): string | null {
  if (!settings.tiktok_commercial) return null;
  if (settings.tiktok_branded_content) return TIKTOK_MSG.brandedLabel;
  if (settings.tiktok_your_brand) return TIKTOK_MSG.yourBrandLabel;
  return null;
}

/** The consent line the guidelines require right above the Post button. */
export function tiktokConsentText(settings: TikTokSettings): string {
  return settings.tiktok_commercial && settings.tiktok_branded_content ? TIKTOK_MSG.brandedConsent : TIKTOK_MSG.musicConsent;
}

export interface TikTokSettingsProblem {
  readonly message: string;
  /** The setting the problem is about, for the form field to highlight. */
  readonly field: keyof TikTokSettings;
}

/**
 * What stops these settings from being posted, in the order the panel shows its fields. A draft
 * (inbox upload) carries no post_info, so only a Direct Post needs privacy, disclosure and consent.
 */
export function tiktokSettingsProblems(settings: TikTokSettings, options: { unaudited?: boolean } = {}): TikTokSettingsProblem[] {
  const titleLength = [...(settings.tiktok_photo_title ?? '')].length;
  const title: TikTokSettingsProblem[] =
    titleLength > TIKTOK_PHOTO_TITLE_MAX ? [{ field: 'tiktok_photo_title', message: TIKTOK_MSG.photoTitleTooLong(titleLength) }] : [];
  if (settings.tiktok_draft) return title;
  const problems: TikTokSettingsProblem[] = [...title];
  const privacy = tiktokPrivacyOf(settings);
  if (!privacy) problems.push({ field: 'tiktok_privacy_level', message: TIKTOK_MSG.privacyRequired });
  else if (options.unaudited && privacy !== 'SELF_ONLY') problems.push({ field: 'tiktok_privacy_level', message: TIKTOK_MSG.unaudited });
  if (settings.tiktok_commercial) {
    if (!settings.tiktok_your_brand && !settings.tiktok_branded_content)
      problems.push({ field: 'tiktok_commercial', message: TIKTOK_MSG.commercialKindRequired });
    if (settings.tiktok_branded_content && privacy === 'SELF_ONLY') problems.push({ field: 'tiktok_branded_content', message: TIKTOK_MSG.brandedNotPrivate });
  }
  if (settings.tiktok_consent !== true) problems.push({ field: 'tiktok_consent', message: TIKTOK_MSG.consentRequired });
  return problems;
}
