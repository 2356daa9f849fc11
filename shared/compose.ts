import * as z from 'zod';
import { captionOverLimitMessage, MSG } from './messages';
import {
  ABSOLUTE_CAPTION_CAP,
  CAPTION_LIMITS,
  PLATFORM_NAMES,
  PLATFORMS,
  YOUTUBE_TITLE_MAX,
  type Platform,
} from './platforms';

/** Per-target settings (spec §3 post_platforms.settings). */
export const TargetSettingsSchema = z
  .object({ tiktok_private: z.boolean().optional(), tiktok_draft: z.boolean().optional() })
  .strict();

export const ComposeTargetSchema = z.object({
  platform: z.enum(PLATFORMS),
  social_account_id: z.string().min(1).max(64),
  caption: z.string(),
  settings: TargetSettingsSchema.default({}),
});
export type ComposeTarget = z.infer<typeof ComposeTargetSchema>;

/**
 * The compose rules of spec §5, in the order the spec lists them. Each failure carries `params.title`
 * for the toast title where the spec gives one ("Caption too long").
 */
export const CreatePostSchema = z
  .object({
    title: z.string().optional(),
    scheduled_at: z.iso.datetime({ offset: true }).nullable().optional(),
    platforms: z.array(ComposeTargetSchema).max(PLATFORMS.length),
    media_ids: z.array(z.string().min(1).max(64)).max(20).default([]),
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
      else if (title.length > YOUTUBE_TITLE_MAX)
        ctx.addIssue({ code: 'custom', message: MSG.youtubeTitleTooLong, path: ['title'] });
    }
    post.platforms.forEach((target, i) => {
      const problem = captionProblem(target.platform, target.caption);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: ['platforms', i, 'caption'], params: { title: problem.title } });
    });
  });
export type CreatePostInput = z.input<typeof CreatePostSchema>;

/** Character count as the counter shows it. X's weighted count lands with the compose issue. */
export function captionLength(_platform: Platform, caption: string): number {
  return [...caption].length;
}

export function captionProblem(platform: Platform, caption: string): { title: string; message: string } | null {
  const length = captionLength(platform, caption);
  if (length > ABSOLUTE_CAPTION_CAP) return { title: MSG.captionTooLongTitle, message: MSG.captionExceedsMax };
  const limit = CAPTION_LIMITS[platform];
  if (length > limit)
    return { title: MSG.captionTooLongTitle, message: captionOverLimitMessage(PLATFORM_NAMES[platform], limit, length) };
  return null;
}

/** "At least one selected platform needs a connected account" (spec §5). */
export function connectedAccountsProblem(selected: readonly Platform[], connected: readonly Platform[]): string | null {
  return selected.some((p) => connected.includes(p)) ? null : MSG.connectAccounts;
}
