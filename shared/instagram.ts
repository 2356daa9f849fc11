/**
 * Instagram's image rules (docs/platform-apis.md#instagram-limits, error codes docs/platform-apis.md#instagram-errors), checked when a post is composed
 * rather than when it is published: the compose form and POST /api/posts use these same functions.
 * Format and size are not the user's problem: media confirm keeps a JPEG copy for Instagram of any
 * image that is not a JPEG, is over 8 MiB or wider than 1440 px (docs/instagram.md says why).
 */
export const INSTAGRAM_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Instagram scales wider images down to 1440 px; the copy is made at that width. */
export const INSTAGRAM_IMAGE_MAX_WIDTH = 1440;
export const INSTAGRAM_NEEDS_MEDIA_MESSAGE = 'Instagram needs a photo or a video to post.';

/** 4:5 (0.8) ≤ width / height ≤ 1.91:1, compared in integers so the edges (1080×1350, 1910×1000) are exact. */
export function isInstagramAspect(width: number, height: number): boolean {
  return width > 0 && height > 0 && width * 5 >= height * 4 && width * 100 <= height * 191;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const trim = (n: number) => String(Math.round(n * 100) / 100);

/** "1:3", "16:9", "3:4"; or "2.35:1" / "1:2.6" when the sides share no small ratio. */
export function aspectLabel(width: number, height: number): string {
  const w = Math.round(width);
  const h = Math.round(height);
  const d = gcd(w, h) || 1;
  if (w / d <= 21 && h / d <= 21) return `${w / d}:${h / d}`;
  return w >= h ? `${trim(w / h)}:1` : `1:${trim(h / w)}`;
}

export function instagramAspectMessage(fileName: string, width: number, height: number): string {
  return `Instagram needs images between 4:5 (portrait) and 1.91:1 (landscape); ${fileName} is ${aspectLabel(width, height)}.`;
}

/** What compose knows about an attached file; width and height are those media confirm read (images only). */
export interface InstagramMediaFacts {
  readonly file_name: string;
  readonly file_type: string;
  readonly width?: number | null;
  readonly height?: number | null;
}

/** The first reason Instagram would refuse these attachments, or null. */
export function instagramMediaProblem(media: readonly InstagramMediaFacts[]): string | null {
  if (media.length === 0) return INSTAGRAM_NEEDS_MEDIA_MESSAGE;
  for (const file of media) {
    if (!file.file_type.toLowerCase().startsWith('image/') || !file.width || !file.height) continue;
    if (!isInstagramAspect(file.width, file.height)) return instagramAspectMessage(file.file_name, file.width, file.height);
  }
  return null;
}
