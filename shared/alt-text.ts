import { graphemeCount } from './bluesky';
import { PLATFORM_NAMES, type Platform } from './platforms';

/**
 * Image descriptions (alt text): which networks we send a file's alt text to, and how long each lets
 * it be. One small table, so the compose rules, the counter and the adapters never disagree
 * (docs/platforms.md#alt-text lists the sources). A network missing here gets no alt text from us.
 */
interface AltTextRule {
  /** The most the network keeps; longer is refused at scheduling, never cut. None: the network documents no limit. */
  readonly limit?: number;
  /** How the network counts: Bluesky's app counts graphemes (one emoji is one). */
  readonly counts: 'graphemes' | 'characters';
}

export const ALT_TEXT_RULES: Partial<Record<Platform, AltTextRule>> = {
  // app.bsky.embed.images#image `alt` has no maxLength in the lexicon; Bluesky's own app stops at
  // 2,000 graphemes, and a longer one is cut off where Bluesky shows it.
  bluesky: { limit: 2000, counts: 'graphemes' },
  // `alt_text` on IMAGE and VIDEO containers (carousel items too); Threads documents no length.
  threads: { counts: 'characters' },
};

/** The bound for a file's alt text whatever is selected: the longest any network takes, so nothing stored is unusable everywhere. */
export const ALT_TEXT_MAX = Math.max(...Object.values(ALT_TEXT_RULES).flatMap((r) => (r.limit ? [r.limit] : [])));

export const takesAltText = (platform: Platform): boolean => ALT_TEXT_RULES[platform] !== undefined;

export function altTextLength(platform: Platform, alt: string): number {
  return ALT_TEXT_RULES[platform]?.counts === 'graphemes' ? graphemeCount(alt) : [...alt].length;
}

/**
 * The strictest selected network with a documented alt text limit: the counter's limit and the one
 * the rules name first. Null when none has one (then our own bound, ALT_TEXT_MAX, applies).
 */
export function strictestAltTextNetwork(selected: readonly Platform[]): { platform: Platform; limit: number } | null {
  let best: { platform: Platform; limit: number } | null = null;
  for (const platform of selected) {
    const limit = ALT_TEXT_RULES[platform]?.limit;
    if (limit !== undefined && (!best || limit < best.limit)) best = { platform, limit };
  }
  return best;
}

export const ALT_TEXT_MESSAGES = {
  tooLong: (imageNumber: number, platform: Platform, limit: number, length: number) =>
    `Alt text for image ${imageNumber} is ${length.toLocaleString('en-US')} characters; ${PLATFORM_NAMES[platform]} allows ${limit.toLocaleString('en-US')}`,
  overMax: (imageNumber: number) => `Alt text for image ${imageNumber} must be ${ALT_TEXT_MAX.toLocaleString('en-US')} characters or less`,
  unknownFile: 'Alt text was given for a file that is not attached to this post',
} as const;

/**
 * The first limit a file's alt text breaks among the selected networks, or null. `imageNumber`
 * is the file's place in the post (1-based), for the message.
 */
export function altTextProblem(alt: string, selected: readonly Platform[], imageNumber: number): string | null {
  const limited = [...new Set(selected)].filter((p) => ALT_TEXT_RULES[p]?.limit !== undefined);
  limited.sort((a, b) => ALT_TEXT_RULES[a]!.limit! - ALT_TEXT_RULES[b]!.limit!);
  // No selected network documents a limit: still bounded, counted as leniently as any network counts.
  if (limited.length === 0) return graphemeCount(alt) > ALT_TEXT_MAX ? ALT_TEXT_MESSAGES.overMax(imageNumber) : null;
  for (const platform of limited) {
    const limit = ALT_TEXT_RULES[platform]!.limit!;
    const length = altTextLength(platform, alt);
    if (length > limit) return ALT_TEXT_MESSAGES.tooLong(imageNumber, platform, limit, length);
  }
  return null;
}
