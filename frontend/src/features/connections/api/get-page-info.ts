import { queryOptions, useQuery } from '@tanstack/react-query';
import { FacebookPageInfoSchema, type FacebookPageInfo } from '@shared/accounts';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/lib/api/connections';

/** GET /accounts/{id}/page-info: a Facebook Page's public details. */
export function getPageInfo(id: string): Promise<FacebookPageInfo> {
  return api(`/accounts/${encodeURIComponent(id)}/page-info`, { schema: FacebookPageInfoSchema });
}

export function getPageInfoQueryOptions(id: string) {
  return queryOptions({ queryKey: accountKeys.pageInfo(id), queryFn: () => getPageInfo(id) });
}

export function usePageInfo(id: string, options: { enabled: boolean }) {
  return useQuery({ ...getPageInfoQueryOptions(id), enabled: options.enabled });
}
