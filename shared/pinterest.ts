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
  needsMedia: 'A Pinterest pin needs one image, or one video with an image for its cover.',
  oneImage: 'A Pinterest pin takes one image, or one video with an image for its cover; remove the other files or unselect Pinterest.',
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

/** One image; or one video and one image, the image its cover (a video pin needs a cover image). */
export function pinterestMediaProblem(types: readonly string[]): string | null {
  const videos = types.filter((t) => t.startsWith('video/')).length;
  const images = types.filter((t) => t.startsWith('image/')).length;
  if (types.length === 0) return PINTEREST_MSG.needsMedia;
  if (videos === 0 && images === 1) return null;
  if (videos === 1 && images === 1 && types.length === 2) return null;
  if (videos === 1 && types.length === 1) return PINTEREST_MSG.needsMedia;
  return PINTEREST_MSG.oneImage;
}
