import type { MediaRuleOptions } from '@shared/media-rules';
import { tiktokSettingsProblems, type TikTokSettings } from '@shared/tiktok';
import { env } from '../lib/env';
import { ValidationError } from '../lib/errors';

/**
 * The TikTok rules that depend on this deployment: an unaudited TikTok client may post SELF_ONLY
 * only (TIKTOK_UNAUDITED), so any other privacy level is a 400 before anything is written. The rest
 * of the Content Sharing Guidelines (privacy chosen, disclosure, consent) is already in the shared
 * schema; checking them again here costs nothing and keeps one message per problem.
 */
export function assertTikTokTargetsPostable(
  targets: readonly { platform: string; settings: TikTokSettings }[],
  unaudited = env().TIKTOK_UNAUDITED === 'true',
): void {
  const issues = targets.flatMap((t, i) =>
    t.platform === 'tiktok'
      ? tiktokSettingsProblems(t.settings, { unaudited }).map((p) => ({ path: `platforms.${i}.settings.${p.field}`, message: p.message }))
      : [],
  );
  if (issues.length) throw new ValidationError(issues[0].message, issues);
}

/**
 * The media rules' TikTok options: photo posts where this deployment serves signed pull URLs
 * (TIKTOK_PHOTOS, docs/tiktok.md#photo-posts), and the cover the TikTok target chose. A post without
 * a TikTok target has none (and reads no setting).
 */
export function tiktokMediaRuleOptions(targets: readonly { platform: string; settings?: TikTokSettings | undefined }[], photos?: boolean): MediaRuleOptions {
  const tiktok = targets.find((t) => t.platform === 'tiktok');
  if (!tiktok) return {};
  return { tiktokPhotos: photos ?? env().TIKTOK_PHOTOS === 'true', tiktokCoverIndex: tiktok.settings?.tiktok_photo_cover_index };
}
