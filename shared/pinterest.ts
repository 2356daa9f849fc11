import * as z from 'zod';

/**
 * Pinterest pins (docs/platforms.md#pinterest): each pin goes to one board the user picks in Compose
 * from the account's boards, read live. The caption is the pin's description; a title, a destination
 * link and alt text are Pinterest's own fields. Shared by the API, the adapter and the compose panel.
 */

/** Field limits of POST /v5/pins (docs/platforms.md#pinterest). */
export const PINTEREST_TITLE_MAX = 100;
export const PINTEREST_DESCRIPTION_MAX = 500;
export const PINTEREST_ALT_TEXT_MAX = 500;
export const PINTEREST_LINK_MAX = 2048;
/** A carousel pin (media_source `multiple_image_urls`) takes 2 to 5 images (PinMediaSourceImagesURL in Pinterest's v5 OpenAPI). */
export const PINTEREST_CAROUSEL_MIN = 2;
export const PINTEREST_CAROUSEL_MAX = 5;

/** One board as GET /api/accounts/{id}/pinterest-boards lists it. */
export const PinterestBoardSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** PUBLIC, PROTECTED or SECRET: Compose says when a pin would land on a secret board. */
  privacy: z.string().nullable(),
});
export type PinterestBoard = z.infer<typeof PinterestBoardSchema>;
export const PinterestBoardsSchema = z.object({ boards: z.array(PinterestBoardSchema) });
export type PinterestBoards = z.infer<typeof PinterestBoardsSchema>;

/** The per-target settings of a Pinterest post (part of TargetSettingsSchema). */
export const PinterestSettingsShape = {
  /** Required: the board the pin is saved to, one of the account's own. */
  pinterest_board_id: z.string().max(64).optional(),
  pinterest_title: z.string().max(1000).optional(),
  pinterest_link: z.string().max(4096).optional(),
  pinterest_alt_text: z.string().max(2000).optional(),
} as const;

export interface PinterestSettings {
  readonly pinterest_board_id?: string | undefined;
  readonly pinterest_title?: string | undefined;
  readonly pinterest_link?: string | undefined;
  readonly pinterest_alt_text?: string | undefined;
}

export const PINTEREST_MSG = {
  boardRequired: 'Choose the Pinterest board to save this pin to.',
  titleTooLong: (n: number) => `A Pinterest title takes at most ${PINTEREST_TITLE_MAX} characters (this one has ${n}).`,
  altTextTooLong: (n: number) => `Pinterest alt text takes at most ${PINTEREST_ALT_TEXT_MAX} characters (this one has ${n}).`,
  linkInvalid: `The Pinterest link must be a web address starting with http:// or https:// (at most ${PINTEREST_LINK_MAX} characters).`,
  needsMedia: `A Pinterest pin needs an image (or a carousel of ${PINTEREST_CAROUSEL_MIN} to ${PINTEREST_CAROUSEL_MAX}), or one video with an image for its cover.`,
  tooManyImages: (n: number) =>
    `A Pinterest carousel takes ${PINTEREST_CAROUSEL_MIN} to ${PINTEREST_CAROUSEL_MAX} images (this post has ${n}); remove some or unselect Pinterest.`,
  videoWithImages:
    'A Pinterest video pin takes one video and one image for its cover, and a carousel takes images only; remove the other files or unselect Pinterest.',
  imagesOnly: 'A Pinterest pin takes images or one video; remove the other files or unselect Pinterest.',
  noBoards: 'No boards: create one on Pinterest',
} as const;

/** What Pinterest would refuse in a target's settings; `field` is the settings key. */
export function pinterestSettingsProblems(settings: PinterestSettings): { field: keyof PinterestSettings; message: string }[] {
  const problems: { field: keyof PinterestSettings; message: string }[] = [];
  if (!settings.pinterest_board_id?.trim()) problems.push({ field: 'pinterest_board_id', message: PINTEREST_MSG.boardRequired });
  const title = [...(settings.pinterest_title ?? '')].length;
  if (title > PINTEREST_TITLE_MAX) problems.push({ field: 'pinterest_title', message: PINTEREST_MSG.titleTooLong(title) });
  const alt = [...(settings.pinterest_alt_text ?? '')].length;
  if (alt > PINTEREST_ALT_TEXT_MAX) problems.push({ field: 'pinterest_alt_text', message: PINTEREST_MSG.altTextTooLong(alt) });
  const link = settings.pinterest_link?.trim();
  if (link && !isPinLink(link)) problems.push({ field: 'pinterest_link', message: PINTEREST_MSG.linkInvalid });
  return problems;
}

export function isPinLink(link: string): boolean {
  if (link.length > PINTEREST_LINK_MAX) return false;
  try {
    const u = new URL(link);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * One image, or a carousel of 2–5 images; or one video and one image, the image its cover (a video pin
 * needs a cover image). Pinterest has no pin that mixes a video with several images.
 */
export function pinterestMediaProblem(types: readonly string[]): string | null {
  const videos = types.filter((t) => t.startsWith('video/')).length;
  const images = types.filter((t) => t.startsWith('image/')).length;
  if (types.length === 0) return PINTEREST_MSG.needsMedia;
  if (images + videos < types.length) return PINTEREST_MSG.imagesOnly;
  if (videos === 0) return images > PINTEREST_CAROUSEL_MAX ? PINTEREST_MSG.tooManyImages(images) : null;
  if (videos === 1 && images === 1) return null;
  if (videos === 1 && images === 0) return PINTEREST_MSG.needsMedia;
  return PINTEREST_MSG.videoWithImages;
}
