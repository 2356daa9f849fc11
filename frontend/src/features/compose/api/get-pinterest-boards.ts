import { queryOptions, useQueries } from '@tanstack/react-query';
import { PinterestBoardsSchema, type PinterestBoards } from '@shared/pinterest';
import { api } from '@/lib/api-client';
import { composeKeys } from './query-keys';

/** GET /accounts/{id}/pinterest-boards: the Pinterest account's boards, read live. */
export function getPinterestBoards(accountId: string): Promise<PinterestBoards> {
  return api(`/accounts/${encodeURIComponent(accountId)}/pinterest-boards`, { schema: PinterestBoardsSchema });
}

export function getPinterestBoardsQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: composeKeys.pinterestBoards(accountId),
    queryFn: () => getPinterestBoards(accountId),
    // Boards are made and deleted on Pinterest: read them each time the panel opens.
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** One query per checked Pinterest account, in the order given. */
export function usePinterestBoards(accountIds: readonly string[]) {
  return useQueries({ queries: accountIds.map((id) => getPinterestBoardsQueryOptions(id)) });
}
