import * as z from 'zod';
import { captionOverLimitMessage, MSG } from './messages';
import { text } from './text';
import { ABSOLUTE_CAPTION_CAP, CAPTION_LIMITS, PLATFORM_NAMES, PLATFORMS, YOUTUBE_TITLE_MAX, type Platform } from './platforms';
import { TikTokSettingsShape, tiktokSettingsProblems } from './tiktok';

/** A post's title when YouTube is not selected: a label for the user, far above any real one. */
export const POST_TITLE_MAX = 1000;
export const TITLE_TOO_LONG_MESSAGE = `Title must be ${POST_TITLE_MAX.toLocaleString('en-US')} characters or less`;

/** Per-target settings (docs/product-rules.md#entities: post_platforms.settings). TikTok's are in shared/tiktok.ts. */
export const TargetSettingsSchema = z
  .object({
    ...TikTokSettingsShape,
    /** Posted right after the post (X: as a reply); Instagram, Facebook, YouTube and X (docs/first-comment-and-threads.md). */
    first_comment: text().max(ABSOLUTE_CAPTION_CAP).optional(),
    /** X only: the thread's parts after the first, in order; the target's `caption` is part 1. */
    thread: z.array(text().max(ABSOLUTE_CAPTION_CAP)).max(24).optional(),
  })
  .strict();

export const ComposeTargetSchema = z.object({
  platform: z.enum(PLATFORMS),
  social_account_id: text().min(1).max(64),
  caption: text(),
  settings: TargetSettingsSchema.default({}),
});
export type ComposeTarget = z.infer<typeof ComposeTargetSchema>;

/**
 * The compose rules (docs/product-rules.md#compose-rules), in the order listed there. Each failure carries `params.title`
 * for the toast title where the spec gives one ("Caption too long").
 */
export const CreatePostSchema = z
  .object({
    // Only YouTube publishes a title (100); elsewhere it is the post's own name, bounded generously.
    title: text().max(POST_TITLE_MAX, { message: TITLE_TOO_LONG_MESSAGE }).optional(),
    scheduled_at: z.iso.datetime({ offset: true }).nullable().optional(),
    platforms: z.array(ComposeTargetSchema).max(PLATFORMS.length),
    media_ids: z.array(text().min(1).max(64)).max(20).default([]),
    youtube_type: z.literal('shorts').optional(),
  })
  .superRefine((post, ctx) => {
    if (post.platforms.length === 0) {
      ctx.addIssue({ code: 'custom', message: MSG.selectPlatform, path: ['platforms'] });
      return;
    }
    if (post.platforms.some((t) => t.platform === 'youtube')) {
      const title = post.title?.trim() ?? '';
      if (!title) ctx.addIssue({ code: 'custom', message: MSG.youtubeTitleRequired, path: ['title'] });
      else if (title.length > YOUTUBE_TITLE_MAX) ctx.addIssue({ code: 'custom', message: MSG.youtubeTitleTooLong, path: ['title'] });
    }
    post.platforms.forEach((target, i) => {
      const problem = captionProblem(target.platform, target.caption);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: ['platforms', i, 'caption'], params: { title: problem.title } });
      if (target.platform === 'tiktok') {
        for (const p of tiktokSettingsProblems(target.settings))
          ctx.addIssue({ code: 'custom', message: p.message, path: ['platforms', i, 'settings', p.field] });
      }
    });
  });
export type CreatePostInput = z.input<typeof CreatePostSchema>;

/**
 * Character count as the counter shows it and the API enforces it. X counts weighted characters
 * (twitter-text config v3, docs/platform-apis.md#x-limits); every other network counts code points.
 */
export function captionLength(platform: Platform, caption: string): number {
  return platform === 'x' ? xWeightedLength(caption) : [...caption].length;
}

/** twitter-text v3: `transformedURLLength` 23, weight scale 100, default weight 200, emoji 200. */
const X_URL_LENGTH = 23;
const X_LIGHT_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x10ff],
  [0x2000, 0x200d],
  [0x2010, 0x201f],
  [0x2032, 0x2037],
];
const URL_END = `[^\\s.,!?;:'")\\]}>]`;
const COMMON_TLDS = 'com|org|net|io|co|dev|app|ai|ly|me|tv|gg|xyz|info|biz|edu|gov|us|uk|ca|au|de|fr|es|it|nl|za|in|jp|br';
/**
 * A URL as X recognises one, near enough: `http(s)://…` or `www.…`, or a bare domain with a common
 * TLD (not the domain of an e-mail address). Trailing punctuation is not part of the URL.
 */
const URL_PATTERN = new RegExp(
  `(?:https?:\\/\\/|www\\.)[^\\s]*${URL_END}` +
    `|(?<![\\w@.-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+(?:${COMMON_TLDS})(?![\\w-])(?:\\/(?:[^\\s]*${URL_END})?)?`,
  'giu',
);
const EMOJI_PART = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

const codePointWeight = (cp: number) => (X_LIGHT_RANGES.some(([lo, hi]) => cp >= lo && cp <= hi) ? 1 : 2);

function isEmojiSequence(grapheme: string): boolean {
  if (!EMOJI_PART.test(grapheme)) return false;
  const cps = [...grapheme];
  // A lone text-style symbol in a light range (©, ®) is a plain character, not an emoji.
  return !(cps.length === 1 && codePointWeight(cps[0].codePointAt(0)!) === 1);
}

function textWeight(text: string): number {
  let weight = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (isEmojiSequence(segment)) weight += 2;
    else for (const ch of segment) weight += codePointWeight(ch.codePointAt(0)!);
  }
  return weight;
}

function xWeightedLength(caption: string): number {
  const text = caption.normalize('NFC');
  let weight = 0;
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    weight += textWeight(text.slice(last, match.index)) + X_URL_LENGTH;
    last = match.index + match[0].length;
  }
  return weight + textWeight(text.slice(last));
}

export function captionProblem(platform: Platform, caption: string): { title: string; message: string } | null {
  const length = captionLength(platform, caption);
  if (length > ABSOLUTE_CAPTION_CAP) return { title: MSG.captionTooLongTitle, message: MSG.captionExceedsMax };
  const limit = CAPTION_LIMITS[platform];
  if (length > limit) return { title: MSG.captionTooLongTitle, message: captionOverLimitMessage(PLATFORM_NAMES[platform], limit, length) };
  return null;
}

/** "At least one selected platform needs a connected account" (docs/product-rules.md#compose-rules). */
export function connectedAccountsProblem(selected: readonly Platform[], connected: readonly Platform[]): string | null {
  return selected.some((p) => connected.includes(p)) ? null : MSG.connectAccounts;
}
