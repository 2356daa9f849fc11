/** The networks the product publishes to (docs/product-rules.md#the-product, #constants). */
export const PLATFORMS = ['instagram', 'facebook', 'x', 'tiktok', 'youtube', 'bluesky', 'threads', 'linkedin', 'pinterest'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const PLATFORM_LABELS: Record<Platform, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  x: 'X (Twitter)',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  bluesky: 'Bluesky',
  threads: 'Threads',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
};

/** Short names used in messages ("X caption exceeds limit…"). */
export const PLATFORM_NAMES: Record<Platform, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  x: 'X',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  bluesky: 'Bluesky',
  threads: 'Threads',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
};

/**
 * Per-platform caption limits in characters (docs/product-rules.md#constants). Bluesky's 300 are
 * graphemes, not UTF-16 units (shared/bluesky.ts counts them).
 */
export const CAPTION_LIMITS: Record<Platform, number> = {
  instagram: 2200,
  facebook: 63206,
  x: 280,
  tiktok: 2200,
  youtube: 5000,
  bluesky: 300,
  /** Threads posts: 500 characters (developers.facebook.com/documentation/threads/posts, Limitations). */
  threads: 500,
  /** LinkedIn posts: commentary up to 3,000 characters (docs/platforms.md#linkedin). */
  linkedin: 3000,
  /** A pin's description: 500 characters (docs/platforms.md#pinterest). */
  pinterest: 500,
};

/** No caption may exceed this, whatever the platform (docs/product-rules.md#captions). */
export const ABSOLUTE_CAPTION_CAP = 63206;

export const YOUTUBE_TITLE_MAX = 100;
export const YOUTUBE_SHORTS_MAX_SECONDS = 60;
export const SHORTS_SUFFIX = ' #shorts';

/**
 * The platform the original product listed as "Coming Soon". The app does not read it: the Platforms page
 * shows Coming Soon for any platform the deployment has no app credentials for (GET /api/platforms,
 * docs/product-rules.md#the-product).
 */
export const COMING_SOON_PLATFORMS: readonly Platform[] = ['youtube'];

/** Appends " #shorts" unless the title already contains it, in any case (docs/product-rules.md#compose-rules). */
export function withShortsSuffix(title: string): string {
  return /#shorts/i.test(title) ? title : `${title}${SHORTS_SUFFIX}`;
}

export function isPlatform(value: string): value is Platform {
  return (PLATFORMS as readonly string[]).includes(value);
}
