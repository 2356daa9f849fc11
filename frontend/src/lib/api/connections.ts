import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ListedConnectionsSchema, type ListedConnection } from '@shared/connection-health';
import { PlatformsResponseSchema } from '@shared/entitlements';
import { api } from '@/lib/api-client';
import { apiQuery } from '@/lib/api-query';

/** Query keys of the connected social accounts (shared: Compose, Posts and the accounts pages read them). */
export const accountKeys = {
  all: ['accounts'] as const,
  list: () => [...accountKeys.all, 'list'] as const,
  platforms: () => [...accountKeys.all, 'platforms'] as const,
  pageInfo: (id: string) => [...accountKeys.all, 'page-info', id] as const,
};

/** Fired on window when a connect attempt ends, however it ends; the accounts query refetches. */
export const OAUTH_COMPLETE_EVENT = 'oauth-complete';

/** The user's connected accounts, newest first, each with its connection health. */
export async function getAccounts(): Promise<ListedConnection[]> {
  const { accounts } = await api('/accounts', { schema: ListedConnectionsSchema });
  return accounts;
}

export function getAccountsQueryOptions() {
  return queryOptions({ queryKey: accountKeys.list(), queryFn: getAccounts });
}

/** Also refetches whenever a connect attempt ends (docs/product-rules.md#connecting-an-account: the oauth-complete event). */
export function useConnections() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: accountKeys.list() });
    window.addEventListener(OAUTH_COMPLETE_EVENT, refetch);
    return () => window.removeEventListener(OAUTH_COMPLETE_EVENT, refetch);
  }, [queryClient]);
  return useQuery(getAccountsQueryOptions());
}

/** Per platform: offered by this deployment? included in the user's plan? (GET /api/platforms) */
const platforms = apiQuery('/platforms', PlatformsResponseSchema, accountKeys.platforms);

export const getPlatforms = platforms.fetch;
export const getPlatformsQueryOptions = platforms.options;
export const usePlatforms = platforms.useQuery;
