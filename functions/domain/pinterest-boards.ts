import { PLATFORM_NAMES } from '@shared/platforms';
import type { PinterestBoards } from '@shared/pinterest';
import { getConnection } from '../data/connections';
import { AppError, DependencyError, ValidationError } from '../lib/errors';
import type { PinterestAdapter } from '../platforms/pinterest';
import { PlatformError } from '../platforms/types';
import { withFreshTokens } from './connections';

export const NOT_PINTEREST_MESSAGE = 'Boards are only available for Pinterest accounts';
export const PINTEREST_RECONNECT_MESSAGE = 'Your Pinterest connection has expired; reconnect it on Platforms to post to Pinterest.';

/**
 * The compose panel's board picker: the account's boards, read live with its own token each time the
 * panel opens, since boards are made and deleted on Pinterest. A revoked or expired grant marks the
 * account needs_reconnect (409); Pinterest being down leaves the account as it is (502).
 */
export async function pinterestBoards(userId: string, accountId: string): Promise<PinterestBoards> {
  const account = await getConnection(userId, accountId);
  if (account.platform !== 'pinterest') throw new ValidationError(NOT_PINTEREST_MESSAGE);
  try {
    const boards = await withFreshTokens(userId, accountId, (tokens, adapter) => (adapter as PinterestAdapter).boards(tokens));
    return { boards };
  } catch (error) {
    if (error instanceof PlatformError && error.category === 'reauth')
      throw new AppError('NEEDS_RECONNECT', 409, PINTEREST_RECONNECT_MESSAGE, undefined, { cause: error });
    if (error instanceof PlatformError) {
      const message =
        error.category === 'retry' || error.category === 'backoff'
          ? `${PLATFORM_NAMES.pinterest} isn't answering right now; try again in a moment.`
          : error.message;
      throw new DependencyError(message, { cause: error });
    }
    throw error;
  }
}
