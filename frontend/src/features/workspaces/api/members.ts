import { queryOptions, useQuery } from '@tanstack/react-query';
import { MembersResponseSchema, type MembersResponse } from '@shared/workspaces';
import { api } from '@/lib/api-client';

/** Query keys of the current workspace's members page (dropped with the rest of the cache on a switch). */
export const memberKeys = {
  all: ['workspace', 'members'] as const,
};

export function getMembers(): Promise<MembersResponse> {
  return api('/workspace/members', { schema: MembersResponseSchema });
}

export function getMembersQueryOptions() {
  return queryOptions({ queryKey: memberKeys.all, queryFn: getMembers });
}

export function useMembers() {
  return useQuery(getMembersQueryOptions());
}
