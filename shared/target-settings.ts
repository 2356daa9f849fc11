import * as z from 'zod';
import { MAX_THREAD_PARTS } from './follow-ups';
import { ABSOLUTE_CAPTION_CAP } from './platforms';
import { text } from './text';
import { TikTokSettingsShape } from './tiktok';
import { PinterestSettingsShape } from './pinterest';

/**
 * Kept apart from the compose rules (shared/compose.ts) so that reading a post (shared/posts.ts) does
 * not bring X's counter (twitter-text) into every signed-in page.
 */
/** Per-target settings (docs/product-rules.md#entities: post_platforms.settings). TikTok's are in shared/tiktok.ts. */
export const TargetSettingsSchema = z
  .object({
    ...TikTokSettingsShape,
    /** Posted right after the post (X: as a reply); Instagram, Facebook, YouTube and X (docs/first-comment-and-threads.md). */
    first_comment: text().max(ABSOLUTE_CAPTION_CAP).optional(),
    /** X only: the thread's parts after the first, in order; the target's `caption` is part 1. */
    thread: z.array(text().max(ABSOLUTE_CAPTION_CAP)).max(MAX_THREAD_PARTS).optional(),
    /** Pinterest only: the board, title, link and alt text of the pin (shared/pinterest.ts). */
    ...PinterestSettingsShape,
  })
  .strict();
