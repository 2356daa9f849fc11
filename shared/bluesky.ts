import * as z from 'zod';
import { captionOverLimitMessage } from './messages';
import { text } from './text';

/**
 * Bluesky's post rules, from the `app.bsky.*` lexicons the PDS validates records against
 * (`app.bsky.feed.post`: text maxGraphemes 300, maxLength 3000 bytes; `app.bsky.embed.images`: at
 * most 4 images, each blob at most 2,000,000 bytes, `alt` required). One place for compose,
 * scheduling and the adapter, so the three never disagree.
 */
export const BLUESKY_MAX_GRAPHEMES = 300;
export const BLUESKY_MAX_TEXT_BYTES = 3000;
export const BLUESKY_MAX_IMAGES = 4;
export const BLUESKY_MAX_IMAGE_BYTES = 2_000_000;

/**
 * User-perceived characters, as Bluesky counts its limit: one emoji (two UTF-16 units, four
 * bytes) or a letter with a combining accent is one.
 */
export function graphemeCount(text: string): number {
  let n = 0;
  for (const _ of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) n++;
  return n;
}

export const utf8Length = (text: string): number => new TextEncoder().encode(text).length;

export const BLUESKY_MESSAGES = {
  tooLong: (count: number) => captionOverLimitMessage('Bluesky', BLUESKY_MAX_GRAPHEMES, count),
  tooManyBytes: `Bluesky caption exceeds Bluesky's limit of ${BLUESKY_MAX_TEXT_BYTES.toLocaleString('en-US')} bytes; shorten it`,
  tooManyImages: `Bluesky takes at most ${BLUESKY_MAX_IMAGES} images per post`,
  imageTooLarge: `Each Bluesky image must be at most 2 MB (${BLUESKY_MAX_IMAGE_BYTES.toLocaleString('en-US')} bytes)`,
  noVideo: "Bluesky videos aren't supported yet: post images or text to Bluesky",
  empty: 'Bluesky posts need text or an image; add a caption for Bluesky.',
} as const;

/** The first rule a Bluesky caption breaks, or undefined. */
export function blueskyCaptionProblem(text: string): string | undefined {
  const count = graphemeCount(text);
  if (count > BLUESKY_MAX_GRAPHEMES) return BLUESKY_MESSAGES.tooLong(count);
  if (utf8Length(text) > BLUESKY_MAX_TEXT_BYTES) return BLUESKY_MESSAGES.tooManyBytes;
  return undefined;
}

export { BLUESKY_SIGN_IN_PATH } from './bluesky-sign-in-path';

/**
 * POST /api/oauth/bluesky/callback: the connect popup's account step. The handle names the account,
 * so its PDS and authorization server can be found; none means the sign-in service (bsky.social),
 * whose own page then asks for the account.
 */
export const BlueskySignInBodySchema = z.object({
  state: text().min(1).max(512),
  identifier: text()
    .trim()
    .max(253, { message: 'That handle is too long' })
    .transform((h) => h.replace(/^@/, ''))
    .refine((h) => h === '' || /^[a-zA-Z0-9.-]+$|^did:[a-z]+:[a-zA-Z0-9._:%-]+$/.test(h), { message: 'Enter a handle like you.bsky.social' })
    .optional(),
});
export type BlueskySignInBody = z.input<typeof BlueskySignInBodySchema>;

/** Where the popup goes next: the authorization server's sign-in page, or /oauth-callback with why the connect ended. */
export const BlueskySignInResponseSchema = z.object({ location: z.string() });
