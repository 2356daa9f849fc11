import type { FacebookPageInfo } from '@shared/accounts';
import { getConnection } from '../data/connections';
import { DependencyError, ValidationError } from '../lib/errors';
import type { FacebookAdapter } from '../platforms/facebook';
import { PlatformError } from '../platforms/types';
import { withFreshTokens } from './connections';

/** The Facebook page-info dialog (docs/product-rules.md#platforms-page), read live from Graph with the Page token. */
export async function facebookPageInfo(userId: string, accountId: string): Promise<FacebookPageInfo> {
  const account = await getConnection(userId, accountId);
  if (account.platform !== 'facebook') throw new ValidationError('Page info is only available for Facebook Pages');
  try {
    const info = await withFreshTokens(userId, accountId, (tokens, adapter) => (adapter as FacebookAdapter).pageInfo(tokens.accessToken, account.account_id));
    return {
      name: info.name,
      category: info.category ?? null,
      picture: info.pictureUrl ?? null,
      cover: info.coverUrl ?? null,
      location: info.location ? { city: info.location.city ?? null, country: info.location.country ?? null } : null,
      hours: info.hours ? { ...info.hours } : null,
      is_verified: info.isVerified,
    };
  } catch (error) {
    if (error instanceof PlatformError) throw new DependencyError(error.message, { cause: error });
    throw error;
  }
}
