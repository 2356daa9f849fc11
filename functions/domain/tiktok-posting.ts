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
