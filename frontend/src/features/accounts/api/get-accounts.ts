import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ListedAccountsSchema, type ListedAccount } from '@shared/connection-health';
import { api } from '@/lib/api-client';
import { OAUTH_COMPLETE_EVENT } from '../oauth-messages';
import { accountKeys } from './query-keys';

/** The user's connected accounts, newest first, each with its connection health (issue 12). */
export async function getAccounts(): Promise<ListedAccount[]> {
  const { accounts } = await api('/accounts', { schema: ListedAccountsSchema });
  return accounts;
}

export function getAccountsQueryOptions() {
  return queryOptions({ queryKey: accountKeys.list(), queryFn: getAccounts });
}

/** Also refetches whenever a connect attempt ends (spec §4: the oauth-complete event). */
export function useAccounts() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: accountKeys.list() });
    window.addEventListener(OAUTH_COMPLETE_EVENT, refetch);
    return () => window.removeEventListener(OAUTH_COMPLETE_EVENT, refetch);
  }, [queryClient]);
  return useQuery(getAccountsQueryOptions());
}
