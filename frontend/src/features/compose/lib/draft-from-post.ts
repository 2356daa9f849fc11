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
    pinterest: pinterestDraftOf(post.platforms.filter((t) => t.platform === 'pinterest')),
  };
}

/** The Pinterest panel's choices back from the stored targets: each account's board, and the shared fields. */
function pinterestDraftOf(
  targets: readonly {
    social_account_id: string;
    settings: { pinterest_board_id?: string; pinterest_title?: string; pinterest_link?: string; pinterest_alt_text?: string };
  }[],
) {
  const first = targets[0]?.settings;
  if (!first) return undefined;
  return {
    boards: Object.fromEntries(targets.flatMap((t) => (t.settings.pinterest_board_id ? [[t.social_account_id, t.settings.pinterest_board_id]] : []))),
    title: first.pinterest_title ?? '',
    link: first.pinterest_link ?? '',
    altText: first.pinterest_alt_text ?? '',
  };
}
