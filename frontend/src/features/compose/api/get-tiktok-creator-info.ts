import { queryOptions, useQueries } from '@tanstack/react-query';
import { TikTokCreatorInfoSchema, type TikTokCreatorInfo } from '@shared/tiktok';
import { api } from '@/lib/api-client';
import { composeKeys } from './query-keys';

/** GET /accounts/{id}/tiktok-creator-info: the creator's nickname, privacy options, switches and max duration. */
export function getTikTokCreatorInfo(accountId: string): Promise<TikTokCreatorInfo> {
  return api(`/accounts/${encodeURIComponent(accountId)}/tiktok-creator-info`, { schema: TikTokCreatorInfoSchema });
}

export function getTikTokCreatorInfoQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: composeKeys.tiktokCreatorInfo(accountId),
    queryFn: () => getTikTokCreatorInfo(accountId),
    // TikTok's guidelines: read it when the post screen opens, since what a creator may post changes.
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** One query per checked TikTok account, in the order given. */
export function useTikTokCreatorInfos(accountIds: readonly string[]) {
  return useQueries({ queries: accountIds.map((id) => getTikTokCreatorInfoQueryOptions(id)) });
}
