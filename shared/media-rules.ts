import { BLUESKY_MAX_IMAGE_BYTES, BLUESKY_MAX_IMAGES, BLUESKY_MESSAGES } from './bluesky';
import { instagramMediaProblem } from './instagram';
import { isDocumentType } from './media';
import { PLATFORM_NAMES, PLATFORMS, YOUTUBE_SHORTS_MAX_SECONDS, type Platform } from './platforms';
import { pinterestMediaProblem } from './pinterest';
import { TIKTOK_PHOTO_MAX, TIKTOK_PHOTO_MAX_BYTES, TIKTOK_PHOTO_TYPES } from './tiktok';

/**
 * Each platform's media rules, checked when a post is composed rather than when it
 * fails at its time: the compose form and POST/PATCH /api/posts call these same functions.
 *
 * - Instagram: a photo or a video, or a carousel of up to 10; images within its aspect range (shared/instagram.ts).
 * - TikTok: exactly one video and nothing else; where the deployment serves pull URLs, or 1–35 JPEG/WebP
 *   photos (docs/tiktok.md#photo-posts).
 * - YouTube Shorts: exactly one vertical (or square) video of at most 60 s (docs/product-rules.md#media-rules). YouTube itself
 *   classifies square or vertical uploads of up to 3 min as Shorts since Oct 2024; the product keeps
 *   the spec's 60 s.
 * - X: text only for now; the adapter sends no media, so a post with media cannot include X.
 * - Facebook: anything the upload rules took, but a video goes alone.
 * - Bluesky: up to 4 images of at most 2,000,000 bytes each (app.bsky.embed.images); no video yet,
 *   since Bluesky's video goes through its own video service (docs/bluesky.md#publishing).
 * - Pinterest: one image, a carousel of 2–5 images, or one video with one image for its cover (shared/pinterest.ts).
 * - A PDF document: LinkedIn only, on its own and with a title (below); every other network refuses it.
 */
export const TIKTOK_NEEDS_VIDEO_MESSAGE = 'TikTok needs one video to post.';
export const X_TEXT_ONLY_MESSAGE = 'X posts are text only for now; remove the media or unselect X.';
export const YOUTUBE_NEEDS_VIDEO_MESSAGE = `YouTube Shorts needs one vertical video of at most ${YOUTUBE_SHORTS_MAX_SECONDS} seconds.`;

/**
 * Several files per post (docs/platforms.md#carousels-and-multi-photo-posts):
 * - Instagram: one photo or video, or a carousel of 2–10 photos and videos (error 2207028 outside
 *   that range; https://developers.facebook.com/docs/instagram-platform/content-publishing#carousel-posts).
 * - Facebook: one video on its own, or any number of photos (unpublished uploads attached to one feed
 *   post, https://developers.facebook.com/docs/graph-api/reference/page/feed#publish); a feed post
 *   cannot attach a video beside photos.
 * - YouTube: one video and nothing else. TikTok: one video, or (photo posts on) 1–35 photos.
 */
export const INSTAGRAM_CAROUSEL_MAX = 10;
export const INSTAGRAM_CAROUSEL_MESSAGE = `An Instagram carousel takes 2 to ${INSTAGRAM_CAROUSEL_MAX} photos or videos.`;
/** Threads carousels take 2 to 20 images or videos (developers.facebook.com/documentation/threads/posts, Carousel posts). */
export const THREADS_CAROUSEL_MAX = 20;
export const THREADS_CAROUSEL_MESSAGE = `A Threads carousel takes 2 to ${THREADS_CAROUSEL_MAX} photos or videos.`;
/**
 * LinkedIn: up to 20 images in one post (multiImage, 2–20), or one video on its own; a video is at most
 * 500 MB (learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/multiimage-post-api, …/videos-api).
 */
export const LINKEDIN_IMAGES_MAX = 20;
export const LINKEDIN_VIDEO_MAX_BYTES = 500 * 1024 * 1024;
export const LINKEDIN_IMAGES_MESSAGE = `A LinkedIn post takes up to ${LINKEDIN_IMAGES_MAX} images.`;
export const LINKEDIN_VIDEO_ALONE_MESSAGE = 'LinkedIn posts a video on its own; remove the other files or unselect LinkedIn.';
/**
 * LinkedIn documents (learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/documents-api):
 * one document per post, as `content.media` with the `urn:li:document:…` and a `title` (the Posts API's
 * document post, …/shares/posts-api). A post carries one kind of media, so a document goes alone. The
 * document's size (100 MB) is the upload limit already; its 300 pages LinkedIn counts when it processes it.
 */
export const LINKEDIN_DOCUMENT_ALONE_MESSAGE = 'LinkedIn posts a PDF document on its own; remove the other files or the PDF.';
export const LINKEDIN_DOCUMENT_TITLE_MESSAGE = 'A LinkedIn document post needs a title; LinkedIn shows it on the document. Add a title to the post.';
/** "Instagram can't post a PDF document; only LinkedIn takes documents. Remove the PDF or unselect Instagram." */
export function documentNotTakenMessage(platform: Platform): string {
  const name = PLATFORM_NAMES[platform];
  return `${name} can't post a PDF document; only LinkedIn takes documents. Remove the PDF or unselect ${name}.`;
}
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
  /** Bytes, where known (TikTok photos: at most 20 MB each). */
  readonly file_size?: number | null;
}

/**
 * Rules that depend on the deployment or on a target's settings. `tiktokPhotos`: this deployment can
 * serve TikTok pull URLs (docs/tiktok.md#photo-posts), so TikTok also takes 1–35 photos;
 * `tiktokCoverIndex`: the photo chosen as the cover.
 */
export interface MediaRuleOptions {
  readonly tiktokPhotos?: boolean;
  readonly tiktokCoverIndex?: number | undefined;
  /** The post's title: a LinkedIn document is published under it. */
  readonly title?: string | null | undefined;
}

export const TIKTOK_NEEDS_MEDIA_MESSAGE = `TikTok needs one video or 1 to ${TIKTOK_PHOTO_MAX} photos to post.`;
export const TIKTOK_MIXED_MESSAGE = 'TikTok posts one video on its own, or photos without a video; remove the other files or unselect TikTok.';
export const TIKTOK_PHOTO_COUNT_MESSAGE = `A TikTok photo post takes 1 to ${TIKTOK_PHOTO_MAX} photos.`;
export const TIKTOK_COVER_MESSAGE = 'The TikTok cover must be one of the attached photos.';
const TYPE_NAMES: Record<string, string> = { 'image/png': 'PNG', 'image/gif': 'GIF', 'image/jpeg': 'JPEG', 'image/webp': 'WebP' };

/** "TikTok photo posts take JPEG or WebP photos; logo.png is PNG." */
export function tiktokPhotoFormatMessage(fileName: string, type: string): string {
  return `TikTok photo posts take JPEG or WebP photos; ${fileName} is ${TYPE_NAMES[type.toLowerCase()] ?? type}.`;
}

/** "TikTok takes photos of up to 20 MB; big.jpg is 24.5 MB." */
export function tiktokPhotoSizeMessage(fileName: string, bytes: number): string {
  return `TikTok takes photos of up to 20 MB; ${fileName} is ${(bytes / (1024 * 1024)).toFixed(1)} MB.`;
}

/** Videos as before; with photo posts on, 1–35 JPEG/WebP photos of up to 20 MB, the cover among them. */
function tiktokProblem(media: readonly MediaFacts[], options: MediaRuleOptions): string | null {
  const videos = media.filter((m) => isVideoType(m.file_type)).length;
  if (!options.tiktokPhotos) {
    if (videos !== 1) return TIKTOK_NEEDS_VIDEO_MESSAGE;
    return media.length === 1 ? null : TIKTOK_ONE_FILE_MESSAGE;
  }
  if (media.length === 0) return TIKTOK_NEEDS_MEDIA_MESSAGE;
  if (videos > 0) return media.length === 1 ? null : TIKTOK_MIXED_MESSAGE;
  if (media.length > TIKTOK_PHOTO_MAX) return TIKTOK_PHOTO_COUNT_MESSAGE;
  for (const m of media) {
    // 'image/*': the browser has not heard back from the upload yet; the server checks the stored type.
    if (m.file_type !== 'image/*' && !(TIKTOK_PHOTO_TYPES as readonly string[]).includes(m.file_type.toLowerCase()))
      return tiktokPhotoFormatMessage(m.file_name, m.file_type);
    if (typeof m.file_size === 'number' && m.file_size > TIKTOK_PHOTO_MAX_BYTES) return tiktokPhotoSizeMessage(m.file_name, m.file_size);
  }
  if (options.tiktokCoverIndex !== undefined && options.tiktokCoverIndex >= media.length) return TIKTOK_COVER_MESSAGE;
  return null;
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
export function mediaRuleProblem(platform: Platform, media: readonly MediaFacts[], options: MediaRuleOptions = {}): string | null {
  // Checked before each network's own rules, which know images and videos only.
  if (platform !== 'linkedin' && media.some((m) => isDocumentType(m.file_type))) return documentNotTakenMessage(platform);
  switch (platform) {
    case 'instagram':
      return media.length > INSTAGRAM_CAROUSEL_MAX ? INSTAGRAM_CAROUSEL_MESSAGE : instagramMediaProblem(media);
    case 'tiktok':
      return tiktokProblem(media, options);
    case 'youtube':
      return youtubeProblem(media);
    case 'x':
      return media.length === 0 ? null : X_TEXT_ONLY_MESSAGE;
    case 'facebook':
      return media.length > 1 && media.some((m) => isVideoType(m.file_type)) ? FACEBOOK_VIDEO_ALONE_MESSAGE : null;
    case 'bluesky':
      return blueskyProblem(media);
    case 'threads':
      return media.length > THREADS_CAROUSEL_MAX ? THREADS_CAROUSEL_MESSAGE : null;
    case 'linkedin':
      return linkedinProblem(media, options);
    case 'pinterest':
      return pinterestMediaProblem(media.map((m) => m.file_type));
  }
}

function linkedinProblem(media: readonly MediaFacts[], options: MediaRuleOptions): string | null {
  if (media.some((m) => isDocumentType(m.file_type))) {
    if (media.length > 1) return LINKEDIN_DOCUMENT_ALONE_MESSAGE;
    return options.title?.trim() ? null : LINKEDIN_DOCUMENT_TITLE_MESSAGE;
  }
  const video = media.find((m) => isVideoType(m.file_type));
  if (video && media.length > 1) return LINKEDIN_VIDEO_ALONE_MESSAGE;
  if (media.length > LINKEDIN_IMAGES_MAX) return LINKEDIN_IMAGES_MESSAGE;
  if (video && typeof video.file_size === 'number' && video.file_size > LINKEDIN_VIDEO_MAX_BYTES)
    return `LinkedIn takes videos of up to 500 MB; ${video.file_name} is ${Math.round(video.file_size / 1_000_000)} MB.`;
  return null;
}

function blueskyProblem(media: readonly MediaFacts[]): string | null {
  if (media.some((m) => isVideoType(m.file_type))) return `${BLUESKY_MESSAGES.noVideo}.`;
  if (media.length > BLUESKY_MAX_IMAGES) return `${BLUESKY_MESSAGES.tooManyImages}; remove some or unselect Bluesky.`;
  const big = media.find((m) => typeof m.file_size === 'number' && m.file_size > BLUESKY_MAX_IMAGE_BYTES);
  if (big) return `Bluesky takes images of up to 2 MB; ${big.file_name} is ${(big.file_size! / 1_000_000).toFixed(1)} MB.`;
  return null;
}

/** Every selected platform's problem, in the product's platform order. */
export function mediaRuleProblems(
  platforms: readonly Platform[],
  media: readonly MediaFacts[],
  options: MediaRuleOptions = {},
): { platform: Platform; message: string }[] {
  return PLATFORMS.filter((p) => platforms.includes(p)).flatMap((platform) => {
    const message = mediaRuleProblem(platform, media, options);
    return message ? [{ platform, message }] : [];
  });
}
