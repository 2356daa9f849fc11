import { instagramMediaProblem } from './instagram';
import { PLATFORMS, YOUTUBE_SHORTS_MAX_SECONDS, type Platform } from './platforms';

/**
 * Each platform's media rules, checked when a post is composed (issue 17 item 1) rather than when it
 * fails at its time: the compose form and POST/PATCH /api/posts call these same functions.
 *
 * - Instagram: a photo or a video, images within its aspect range (shared/instagram.ts).
 * - TikTok: exactly one video (the adapter uploads one video; photo posts are not supported here).
 * - YouTube Shorts: exactly one vertical (or square) video of at most 60 s (docs/product-rules.md#media-rules). YouTube itself
 *   classifies square or vertical uploads of up to 3 min as Shorts since Oct 2024; the product keeps
 *   the spec's 60 s.
 * - X: text only for now; the adapter sends no media, so a post with media cannot include X.
 * - Facebook: anything the upload rules took.
 */
export const TIKTOK_NEEDS_VIDEO_MESSAGE = 'TikTok needs one video to post.';
export const X_TEXT_ONLY_MESSAGE = 'X posts are text only for now; remove the media or unselect X.';
export const YOUTUBE_NEEDS_VIDEO_MESSAGE = `YouTube Shorts needs one vertical video of at most ${YOUTUBE_SHORTS_MAX_SECONDS} seconds.`;

/** "YouTube Shorts needs a vertical video of at most 60 seconds; clip.mp4 is 1920×1080, 75 s." */
export function youtubeShortsShapeMessage(fileName: string, width: number | null, height: number | null, durationSeconds: number | null): string {
  const parts = [width && height ? `${width}×${height}` : null, durationSeconds !== null ? `${Math.round(durationSeconds)} s` : null].filter(Boolean);
  return `YouTube Shorts needs a vertical video of at most ${YOUTUBE_SHORTS_MAX_SECONDS} seconds; ${fileName} is ${parts.join(', ')}.`;
}

/**
 * What the rules need of an attached file. For images, width and height are what media confirm read;
 * for videos, what the browser measured when the file was picked (null when unknown).
 */
export interface MediaFacts {
  readonly file_name: string;
  readonly file_type: string;
  readonly width?: number | null;
  readonly height?: number | null;
  readonly duration_seconds?: number | null;
}

const isVideoType = (type: string) => type.toLowerCase().startsWith('video/');

/**
 * A Short is vertical or square and at most 60 s. Durations are compared to the millisecond, so a
 * 60.0004 s clip (container rounding) still passes. Unknown measures are not held against the file.
 */
function youtubeProblem(media: readonly MediaFacts[]): string | null {
  const videos = media.filter((m) => isVideoType(m.file_type));
  if (videos.length !== 1) return YOUTUBE_NEEDS_VIDEO_MESSAGE;
  const { file_name, width, height, duration_seconds } = videos[0];
  const tooLong = typeof duration_seconds === 'number' && Math.round(duration_seconds * 1000) > YOUTUBE_SHORTS_MAX_SECONDS * 1000;
  const landscape = typeof width === 'number' && typeof height === 'number' && width > height;
  if (!tooLong && !landscape) return null;
  return youtubeShortsShapeMessage(file_name, width ?? null, height ?? null, duration_seconds ?? null);
}

/** The reason `platform` would refuse these attachments, or null. */
export function mediaRuleProblem(platform: Platform, media: readonly MediaFacts[]): string | null {
  switch (platform) {
    case 'instagram':
      return instagramMediaProblem(media);
    case 'tiktok':
      return media.filter((m) => isVideoType(m.file_type)).length === 1 ? null : TIKTOK_NEEDS_VIDEO_MESSAGE;
    case 'youtube':
      return youtubeProblem(media);
    case 'x':
      return media.length === 0 ? null : X_TEXT_ONLY_MESSAGE;
    case 'facebook':
      return null;
  }
}

/** Every selected platform's problem, in the product's platform order. */
export function mediaRuleProblems(platforms: readonly Platform[], media: readonly MediaFacts[]): { platform: Platform; message: string }[] {
  return PLATFORMS.filter((p) => platforms.includes(p)).flatMap((platform) => {
    const message = mediaRuleProblem(platform, media);
    return message ? [{ platform, message }] : [];
  });
}
