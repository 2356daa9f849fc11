import { instagramMediaProblem } from './instagram';
import { PLATFORMS, YOUTUBE_SHORTS_MAX_SECONDS, type Platform } from './platforms';

/**
 * Each platform's media rules, checked when a post is composed (issue 17 item 1) rather than when it
 * fails at its time: the compose form and POST/PATCH /api/posts call these same functions.
 *
 * - Instagram: a photo or a video, or a carousel of up to 10; images within its aspect range (shared/instagram.ts).
 * - TikTok: exactly one video and nothing else (the adapter uploads one video; photo posts are not supported here).
 * - YouTube Shorts: exactly one vertical (or square) video of at most 60 s (docs/product-rules.md#media-rules). YouTube itself
 *   classifies square or vertical uploads of up to 3 min as Shorts since Oct 2024; the product keeps
 *   the spec's 60 s.
 * - X: text only for now; the adapter sends no media, so a post with media cannot include X.
 * - Facebook: anything the upload rules took, but a video goes alone.
 */
export const TIKTOK_NEEDS_VIDEO_MESSAGE = 'TikTok needs one video to post.';
export const X_TEXT_ONLY_MESSAGE = 'X posts are text only for now; remove the media or unselect X.';
export const YOUTUBE_NEEDS_VIDEO_MESSAGE = `YouTube Shorts needs one vertical video of at most ${YOUTUBE_SHORTS_MAX_SECONDS} seconds.`;

/**
 * Several files per post (issue 16 item 7, docs/platforms.md#carousels-and-multi-photo-posts):
 * - Instagram: one photo or video, or a carousel of 2–10 photos and videos (error 2207028 outside
 *   that range; https://developers.facebook.com/docs/instagram-platform/content-publishing#carousel-posts).
 * - Facebook: one video on its own, or any number of photos (unpublished uploads attached to one feed
 *   post, https://developers.facebook.com/docs/graph-api/reference/page/feed#publish); a feed post
 *   cannot attach a video beside photos.
 * - TikTok and YouTube: one video and nothing else (TikTok photo posts: docs/tiktok.md says why not).
 */
export const INSTAGRAM_CAROUSEL_MAX = 10;
export const INSTAGRAM_CAROUSEL_MESSAGE = `An Instagram carousel takes 2 to ${INSTAGRAM_CAROUSEL_MAX} photos or videos.`;
export const FACEBOOK_VIDEO_ALONE_MESSAGE = 'Facebook posts a video on its own; remove the other files or post them separately.';
export const TIKTOK_ONE_FILE_MESSAGE = 'TikTok posts one video on its own; remove the other files or unselect TikTok.';
export const YOUTUBE_ONE_FILE_MESSAGE = 'YouTube Shorts posts one video on its own; remove the other files or unselect YouTube.';

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
  if (media.length > 1) return YOUTUBE_ONE_FILE_MESSAGE;
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
      return media.length > INSTAGRAM_CAROUSEL_MAX ? INSTAGRAM_CAROUSEL_MESSAGE : instagramMediaProblem(media);
    case 'tiktok':
      if (media.filter((m) => isVideoType(m.file_type)).length !== 1) return TIKTOK_NEEDS_VIDEO_MESSAGE;
      return media.length === 1 ? null : TIKTOK_ONE_FILE_MESSAGE;
    case 'youtube':
      return youtubeProblem(media);
    case 'x':
      return media.length === 0 ? null : X_TEXT_ONLY_MESSAGE;
    case 'facebook':
      return media.length > 1 && media.some((m) => isVideoType(m.file_type)) ? FACEBOOK_VIDEO_ALONE_MESSAGE : null;
  }
}

/** Every selected platform's problem, in the product's platform order. */
export function mediaRuleProblems(platforms: readonly Platform[], media: readonly MediaFacts[]): { platform: Platform; message: string }[] {
  return PLATFORMS.filter((p) => platforms.includes(p)).flatMap((platform) => {
    const message = mediaRuleProblem(platform, media);
    return message ? [{ platform, message }] : [];
  });
}
