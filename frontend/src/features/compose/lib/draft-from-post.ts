import { SHORTS_SUFFIX, type Platform } from '@shared/platforms';
import type { Post } from '@shared/posts';
import { formatInZone } from '@/lib/time';
import { EMPTY_DRAFT, orderedPlatforms, type ComposeDraft } from './build-post';

/**
 * The Compose form's values for editing a saved post: its platforms and accounts, each
 * platform's caption (the form keeps one per platform, as Compose writes them), the YouTube title
 * without the " #shorts" the API added, the TikTok choices, the time in the user's zone, the media
 * and the client.
 */
export function draftFromPost(post: Post, zone: string): ComposeDraft {
  const accountIds: Partial<Record<Platform, string[]>> = {};
  const captions: Partial<Record<Platform, string>> = {};
  for (const target of post.platforms) {
    (accountIds[target.platform] ??= []).push(target.social_account_id);
    captions[target.platform] ??= target.caption;
  }
  const title = post.title ?? '';
  return {
    ...EMPTY_DRAFT,
    platforms: orderedPlatforms(Object.keys(accountIds) as Platform[]),
    accountIds,
    captions,
    title: title.endsWith(SHORTS_SUFFIX) ? title.slice(0, -SHORTS_SUFFIX.length) : title,
    tiktok: post.platforms.find((t) => t.platform === 'tiktok')?.settings ?? {},
    scheduleLocal: post.scheduled_at ? formatInZone(post.scheduled_at, zone, "yyyy-MM-dd'T'HH:mm") : '',
    mediaIds: post.media.map((m) => m.id),
    clientId: post.client_id ?? '',
    firstComments: Object.fromEntries(post.platforms.flatMap((t) => (t.settings.first_comment ? [[t.platform, t.settings.first_comment]] : []))),
    threadParts: post.platforms.find((t) => t.platform === 'x')?.settings.thread ?? [],
  };
}
