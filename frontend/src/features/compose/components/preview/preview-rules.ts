import { aspectLabel } from '@shared/instagram';
import type { Platform } from '@shared/platforms';

/**
 * How each network shows a post in its feed, for the Compose previews
 * (docs/platforms.md#compose-previews says where each figure comes from). The previews are a guide:
 * the apps fold by rendered lines, which depend on the reader's screen, so the folds here are the
 * character counts the networks and their partners document.
 */

/** Where a caption folds and what the fold says; null: the network shows the whole caption. */
export const CAPTION_FOLDS: Record<Platform, { readonly after: number; readonly more: string } | null> = {
  // "Captions are truncated after 125 characters" with "… more" (Instagram feed).
  instagram: { after: 125, more: 'more' },
  // Facebook folds long post text with "See more" after about 480 characters.
  facebook: { after: 480, more: 'See more' },
  // X shows the whole post (280 weighted characters); nothing folds.
  x: null,
  // TikTok shows about one line over the video, then "more".
  tiktok: { after: 100, more: 'more' },
  // YouTube Shorts shows the title; the description folds after about 100 characters with "…more".
  youtube: { after: 100, more: 'more' },
  // Bluesky shows the whole post (300 graphemes); nothing folds.
  bluesky: null,
  // Threads shows the whole post (500 characters at most); nothing folds.
  threads: null,
  // LinkedIn folds post text after about three lines (roughly 210 characters) with "…more".
  linkedin: { after: 210, more: 'more' },
  // A pin's description shows in full on its close-up in the preview; Pinterest documents no fold.
  pinterest: null,
};

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

export interface FoldedCaption {
  /** The text shown before the fold (the whole caption when it fits). */
  readonly shown: string;
  readonly folded: boolean;
  /** "more" / "See more" when folded. */
  readonly more: string | null;
}

/** The caption as `platform` shows it before the reader taps "more": cut at the last space before the fold, never inside a character. */
export function foldCaption(platform: Platform, caption: string): FoldedCaption {
  const fold = CAPTION_FOLDS[platform];
  const parts = [...graphemes.segment(caption)].map((s) => s.segment);
  if (!fold || parts.length <= fold.after) return { shown: caption, folded: false, more: null };
  const head = parts.slice(0, fold.after).join('');
  const space = head.search(/\s\S*$/);
  const shown = (space > fold.after / 2 ? head.slice(0, space) : head).trimEnd();
  return { shown, folded: true, more: fold.more };
}

/** What the preview needs of a file: where to show it from, its kind and (when known) its size. */
export interface PreviewMedia {
  readonly url: string | null;
  readonly kind: 'image' | 'video' | 'document';
  /** The file's name: a document card shows it when the post has no title yet. */
  readonly name?: string;
  readonly width: number | null;
  readonly height: number | null;
  /** The image's description, when one was written. */
  readonly altText?: string;
}

export interface PreviewCrop {
  /** width / height of the frame the network shows the first file in. */
  readonly ratio: number;
  /** "4:5", "1.91:1", "9:16". */
  readonly label: string;
  /** Whether the file is cut to fit (its own ratio lies outside what the network shows). */
  readonly cropped: boolean;
}

/** Instagram and Facebook feeds show images from 4:5 (portrait) to 1.91:1 (landscape); wider or taller is cropped to the nearest edge. */
const FEED_MIN = 4 / 5;
const FEED_MAX = 1.91;
const VERTICAL = 9 / 16;

const ratioOf = (m: PreviewMedia | undefined) => (m?.width && m.height ? m.width / m.height : null);
const labelOf = (ratio: number) => (ratio === FEED_MIN ? '4:5' : ratio === FEED_MAX ? '1.91:1' : ratio === VERTICAL ? '9:16' : aspectLabel(ratio * 1000, 1000));

function clamped(own: number | null, fallback: number): PreviewCrop {
  if (own === null) return { ratio: fallback, label: labelOf(fallback), cropped: false };
  const ratio = Math.min(FEED_MAX, Math.max(FEED_MIN, own));
  return { ratio, label: ratio === own ? aspectLabel(Math.round(own * 1000), 1000) : labelOf(ratio), cropped: ratio !== own };
}

/**
 * The frame each network shows the first file in:
 * - Instagram: a Reel (one video) fills 9:16; photos and carousels sit between 4:5 and 1.91:1, and
 *   every carousel item is cropped to the first item's frame (1:1 when its size is unknown).
 * - Facebook: the first photo or video between 4:5 and 1.91:1.
 * - TikTok and YouTube Shorts: full-screen 9:16.
 * - X: text only here (shared/media-rules.ts), so no frame.
 * - Bluesky: one image whole at its own shape (1:1 while its size is unknown); several share a grid
 *   whose first cell is shown here, with a count of the others.
 * - Threads: each file at its own shape, uncropped.
 * - LinkedIn: the first file at its own shape, uncropped.
 * - Pinterest: the pin's image whole at its own shape (the grid keeps a pin's height); for a video pin, its
 *   cover; for a carousel pin (2–5 images), its first card, with dots for the others.
 */
export function previewCrop(platform: Platform, media: readonly PreviewMedia[]): PreviewCrop | null {
  const first = media[0];
  if (!first || platform === 'x') return null;
  const own = ratioOf(first);
  switch (platform) {
    case 'instagram':
      if (media.length === 1 && first.kind === 'video') return { ratio: VERTICAL, label: '9:16', cropped: own !== null && Math.abs(own - VERTICAL) > 0.01 };
      return clamped(own, 1);
    case 'facebook':
      return clamped(own, 1);
    case 'tiktok':
      // A photo post shows each photo whole inside the 9:16 screen (docs/tiktok.md#photo-posts).
      if (isTikTokPhotos(platform, media)) return { ratio: VERTICAL, label: '9:16', cropped: false };
      return { ratio: VERTICAL, label: '9:16', cropped: own !== null && Math.abs(own - VERTICAL) > 0.01 };
    case 'youtube':
      return { ratio: VERTICAL, label: '9:16', cropped: own !== null && Math.abs(own - VERTICAL) > 0.01 };
    case 'bluesky':
      return own === null ? { ratio: 1, label: '1:1', cropped: false } : { ratio: own, label: aspectLabel(Math.round(own * 1000), 1000), cropped: false };
    case 'threads':
      return { ratio: own ?? 1, label: labelOf(own ?? 1), cropped: false };
    case 'linkedin':
      return { ratio: own ?? 1, label: labelOf(own ?? 1), cropped: false };
    case 'pinterest': {
      // Pinterest's recommended 2:3 while the cover's size is unknown.
      const cover = media.find((m) => m.kind === 'image') ?? first;
      if (!cover.width || !cover.height) return { ratio: 2 / 3, label: '2:3', cropped: false };
      return { ratio: cover.width / cover.height, label: aspectLabel(cover.width, cover.height), cropped: false };
    }
  }
}

/** Whether `platform` shows these files as a swipeable carousel (dots under the frame). */
export const isCarousel = (platform: Platform, media: readonly PreviewMedia[]) =>
  media.length > 1 &&
  (platform === 'instagram' ||
    platform === 'threads' ||
    isTikTokPhotos(platform, media) ||
    (platform === 'pinterest' && media.every((m) => m.kind === 'image')));

/** A TikTok photo post: photos only (compose offers it only where the deployment does). */
export const isTikTokPhotos = (platform: Platform, media: readonly PreviewMedia[]) =>
  platform === 'tiktok' && media.length > 0 && media.every((m) => m.kind === 'image');
