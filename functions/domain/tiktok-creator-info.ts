import { PLATFORM_NAMES } from '@shared/platforms';
import type { TikTokCreatorInfo } from '@shared/tiktok';
import { getConnection } from '../data/connections';
import { AppError, DependencyError, ValidationError } from '../lib/errors';
import type { TikTokAdapter } from '../platforms/tiktok';
import { PlatformError } from '../platforms/types';
import { withFreshTokens } from './connections';

export const NOT_TIKTOK_MESSAGE = 'Posting options are only available for TikTok accounts';
export const TIKTOK_RECONNECT_MESSAGE = 'Your TikTok connection has expired; reconnect it on Platforms to post to TikTok.';

/**
 * The compose panel's TikTok options (Content Sharing Guidelines point 1): creator_info, read live
 * with the account's own token each time the panel opens, since TikTok says what a creator may post
 * can change at any moment. A revoked or expired grant marks the account needs_reconnect (409);
 * TikTok being down leaves the account as it is (502).
 */
export async function tiktokCreatorInfo(userId: string, accountId: string): Promise<TikTokCreatorInfo> {
  const account = await getConnection(userId, accountId);
  if (account.platform !== 'tiktok') throw new ValidationError(NOT_TIKTOK_MESSAGE);
  try {
    return await withFreshTokens(userId, accountId, (tokens, adapter) => (adapter as TikTokAdapter).creatorInfo(tokens));
  } catch (error) {
    if (error instanceof PlatformError && error.category === 'reauth')
      throw new AppError('NEEDS_RECONNECT', 409, TIKTOK_RECONNECT_MESSAGE, undefined, { cause: error });
    if (error instanceof PlatformError) {
      const message =
        error.category === 'retry' || error.category === 'backoff'
          ? `${PLATFORM_NAMES.tiktok} isn't answering right now; try again in a moment.`
          : error.message;
      throw new DependencyError(message, { cause: error });
    }
    throw error;
  }
}
