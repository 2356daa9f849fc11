import { NETWORKS, type Network } from './networks';

/**
 * The networks the product publishes to (docs/product-rules.md#the-product, #constants), in the
 * product's order. Each is described once in shared/networks/<network>.ts; the tables below are
 * built from those descriptors.
 */
export const PLATFORMS = NETWORKS.map((n) => n.id) as unknown as IdsOf<typeof NETWORKS>;
export type Platform = Network['id'];
/** The list's ids as a tuple, so `z.enum(PLATFORMS)` and `(typeof PLATFORMS)[number]` keep their literal types. */
type IdsOf<T extends readonly unknown[]> = { readonly [K in keyof T]: T[K] extends { readonly id: infer I } ? I : never };

/** One value per network, read off its descriptor. */
export function perPlatform<T>(pick: (network: Network) => T): Record<Platform, T> {
  return Object.fromEntries(NETWORKS.map((n) => [n.id, pick(n)])) as Record<Platform, T>;
}

const BY_ID = perPlatform((n) => n);

/** The descriptor of one network: what shared code asks instead of comparing ids. */
export function networkOf<P extends Platform>(platform: P): Extract<Network, { id: P }> {
  return BY_ID[platform] as Extract<Network, { id: P }>;
}

export const PLATFORM_LABELS: Record<Platform, string> = perPlatform((n) => n.label);

/** Short names used in messages ("X caption exceeds limit…"). */
export const PLATFORM_NAMES: Record<Platform, string> = perPlatform((n) => n.name);

/**
 * Per-platform caption limits (docs/product-rules.md#constants), counted as each descriptor's
 * `captionCount` says: Bluesky's 300 are graphemes, not UTF-16 units (shared/bluesky.ts counts them).
 */
export const CAPTION_LIMITS: Record<Platform, number> = perPlatform((n) => n.captionLimit);

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
