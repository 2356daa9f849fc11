import twitterText from 'twitter-text';
import * as z from 'zod';
import { instantInput } from './dates';
import { captionOverLimitMessage, MSG } from './messages';
import { text } from './text';
import { MAX_MEDIA_PER_POST, TOO_MANY_FILES_MESSAGE } from './media';
import { ABSOLUTE_CAPTION_CAP, CAPTION_LIMITS, PLATFORM_NAMES, PLATFORMS, YOUTUBE_TITLE_MAX, networkOf, type Platform } from './platforms';
import { TargetSettingsSchema } from './target-settings';
import { BLUESKY_MESSAGES, graphemeCount, utf8Length, BLUESKY_MAX_TEXT_BYTES } from './bluesky';
import { tiktokSettingsProblems } from './tiktok';
import { pinterestSettingsProblems } from './pinterest';
import { ALT_TEXT_MESSAGES, altTextProblem } from './alt-text';
import { FIRST_COMMENT_LIMITS, FOLLOW_UP_MESSAGES, MAX_THREAD_PARTS, supportsFirstComment, supportsThread } from './follow-ups';

export { TargetSettingsSchema };

/** A post's title when YouTube is not selected: a label for the user, far above any real one. */
export const POST_TITLE_MAX = 1000;
export const TITLE_TOO_LONG_MESSAGE = `Title must be ${POST_TITLE_MAX.toLocaleString('en-US')} characters or less`;

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
    scheduled_at: instantInput().nullable().optional(),
    platforms: z.array(ComposeTargetSchema).max(PLATFORMS.length),
    media_ids: z.array(text().min(1).max(64)).max(MAX_MEDIA_PER_POST, { message: TOO_MANY_FILES_MESSAGE }).default([]),
    /**
     * Each file's alt text by media id (an image's description for screen readers). Optional: a
     * file without one goes out as the network takes it without (Bluesky: empty alt).
     */
    media_alt: z.record(text().min(1).max(64), text()).optional(),
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
    for (const p of mediaAltProblems(post)) ctx.addIssue({ code: 'custom', message: p.message, path: ['media_alt', ...p.path] });
    post.platforms.forEach((target, i) => {
      const problem = captionProblem(target.platform, target.caption);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: ['platforms', i, 'caption'], params: { title: problem.title } });
      for (const p of followUpProblems(target)) ctx.addIssue({ code: 'custom', message: p.message, path: ['platforms', i, 'settings', ...p.path] });
      if (target.platform === 'tiktok') {
        for (const p of tiktokSettingsProblems(target.settings))
          ctx.addIssue({ code: 'custom', message: p.message, path: ['platforms', i, 'settings', p.field] });
      }
      if (target.platform === 'pinterest') {
        for (const p of pinterestSettingsProblems(target.settings))
          ctx.addIssue({ code: 'custom', message: p.message, path: ['platforms', i, 'settings', p.field] });
      }
    });
  });
export type CreatePostInput = z.input<typeof CreatePostSchema>;

/**
 * The alt text rules (shared/alt-text.ts): each file's alt within the strictest selected network
 * that takes alt text, and only for files the post lists. Blank alt is the same as none.
 */
export function mediaAltProblems(post: {
  platforms: readonly Pick<ComposeTarget, 'platform'>[];
  media_ids: readonly string[];
  media_alt?: Record<string, string> | undefined;
}): { path: string[]; message: string }[] {
  const problems: { path: string[]; message: string }[] = [];
  const selected = post.platforms.map((t) => t.platform);
  for (const [mediaId, alt] of Object.entries(post.media_alt ?? {})) {
    const index = post.media_ids.indexOf(mediaId);
    if (index < 0) {
      problems.push({ path: [mediaId], message: ALT_TEXT_MESSAGES.unknownFile });
      continue;
    }
    const problem = altTextProblem(alt.trim(), selected, index + 1);
    if (problem) problems.push({ path: [mediaId], message: problem });
  }
  return problems;
}

/**
 * Character count as the counter shows it and the API enforces it. X counts weighted characters with
 * X's own library, twitter-text (config v3: URLs 23, CJK and emoji 2; every TLD X knows, not a list of
 * our own; docs/platform-apis.md#x-limits); Bluesky counts graphemes (an emoji or an accented letter
 * is one, whatever its code points); every other network counts code points. Each descriptor says which
 * (`captionCount`, shared/networks/).
 */
export function captionLength(platform: Platform, caption: string): number {
  switch (networkOf(platform).captionCount) {
    case 'x-weighted':
      return xWeightedLength(caption);
    case 'graphemes':
      return graphemeCount(caption);
    case 'code-points':
      return [...caption].length;
  }
}

/** X's weighted length of one post (twitter-text `parseTweet`, which normalises to NFC first). */
export function xWeightedLength(text: string): number {
  return twitterText.parseTweet(text).weightedLength;
}

/** The first comment and thread rules of one target (docs/first-comment-and-threads.md#rules). */
export function followUpProblems(target: Pick<ComposeTarget, 'platform' | 'settings'>): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const { platform, settings } = target;
  const comment = settings.first_comment ?? '';
  if (comment.trim()) {
    if (!supportsFirstComment(platform)) problems.push({ path: ['first_comment'], message: FOLLOW_UP_MESSAGES.firstCommentUnsupported(platform) });
    else {
      const limit = FIRST_COMMENT_LIMITS[platform];
      const length = captionLength(platform, comment);
      if (length > limit) problems.push({ path: ['first_comment'], message: FOLLOW_UP_MESSAGES.firstCommentTooLong(platform, limit, length) });
    }
  }
  const parts = settings.thread ?? [];
  if (parts.length > 0 && !supportsThread(platform)) problems.push({ path: ['thread'], message: FOLLOW_UP_MESSAGES.threadOnlyOnX });
  else if (parts.length + 1 > MAX_THREAD_PARTS) problems.push({ path: ['thread'], message: FOLLOW_UP_MESSAGES.threadTooLong });
  else if (supportsThread(platform))
    parts.forEach((part, k) => {
      const length = captionLength(platform, part);
      if (!part.trim()) problems.push({ path: ['thread', k], message: FOLLOW_UP_MESSAGES.threadPartEmpty(k + 2) });
      else if (length > CAPTION_LIMITS[platform])
        problems.push({ path: ['thread', k], message: FOLLOW_UP_MESSAGES.threadPartTooLong(k + 2, length, platform) });
    });
  return problems;
}

export function captionProblem(platform: Platform, caption: string): { title: string; message: string } | null {
  const length = captionLength(platform, caption);
  if (length > ABSOLUTE_CAPTION_CAP) return { title: MSG.captionTooLongTitle, message: MSG.captionExceedsMax };
  const limit = CAPTION_LIMITS[platform];
  if (length > limit) return { title: MSG.captionTooLongTitle, message: captionOverLimitMessage(PLATFORM_NAMES[platform], limit, length) };
  // Bluesky also caps the text's UTF-8 bytes: 300 graphemes of long emoji sequences can pass 3,000.
  if (platform === 'bluesky' && utf8Length(caption) > BLUESKY_MAX_TEXT_BYTES) return { title: MSG.captionTooLongTitle, message: BLUESKY_MESSAGES.tooManyBytes };
  return null;
}

/** "At least one selected platform needs a connected account" (docs/product-rules.md#compose-rules). */
export function noConnectionProblem(selected: readonly Platform[], connected: readonly Platform[]): string | null {
  return selected.some((p) => connected.includes(p)) ? null : MSG.connectAccounts;
}
