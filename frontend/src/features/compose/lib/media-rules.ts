import { DOCUMENT_ACCEPT } from '@shared/media';
import { mediaRuleProblem, type MediaFacts, type MediaRuleOptions } from '@shared/media-rules';
import type { Platform } from '@shared/platforms';
import type { TikTokSettings } from '@shared/tiktok';
import { getRuntimeConfig } from '@/config/runtime-config';
import type { ComposeMedia } from '../hooks/use-media-uploads';

/**
 * The form's files as the platforms' media rules (shared/media-rules.ts, the same the API applies)
 * see them: the name the user picked; an image's size as media confirm read it; a video's length
 * and size as the browser measured them.
 */
export function mediaFactsOf(items: readonly ComposeMedia[]): MediaFacts[] {
  return items.map((item) => ({
    file_name: item.name,
    file_type: item.stored?.file_type ?? (item.kind === 'image' ? 'image/*' : item.kind === 'document' ? DOCUMENT_ACCEPT : 'video/*'),
    width: item.kind === 'video' ? (item.video?.width ?? null) : (item.stored?.width ?? null),
    height: item.kind === 'video' ? (item.video?.height ?? null) : (item.stored?.height ?? null),
    duration_seconds: item.video?.duration_seconds ?? null,
    file_size: item.stored?.file_size ?? null,
  }));
}

/**
 * The rules' deployment and TikTok options: photo posts where this deployment offers them (docs/tiktok.md#photo-posts),
 * and the chosen cover; and the post's title, which a LinkedIn document needs.
 */
export function mediaRuleOptionsOf(tiktok: TikTokSettings, title?: string): MediaRuleOptions {
  return { tiktokPhotos: getRuntimeConfig().tiktokPhotos, tiktokCoverIndex: tiktok.tiktok_photo_cover_index, title };
}

/** Whether the TikTok target is a photo post: photo posts offered, and only photos attached. */
export function isTikTokPhotoPost(items: readonly ComposeMedia[]): boolean {
  return getRuntimeConfig().tiktokPhotos && items.length > 0 && items.every((m) => m.kind === 'image');
}

/** Why `platform` would refuse the form's files, or null. */
export function mediaProblemOf(platform: Platform, items: readonly ComposeMedia[], options: MediaRuleOptions = {}): string | null {
  return mediaRuleProblem(platform, mediaFactsOf(items), options);
}
