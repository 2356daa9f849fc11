import { queryOptions, useQuery } from '@tanstack/react-query';
import { MeResponseSchema, type MeResponse } from '@shared/settings';
import { api } from '@/lib/api-client';
import { settingsKeys } from './query-keys';

export function getMe(): Promise<MeResponse> {
  return api('/me', { schema: MeResponseSchema });
}

export function getMeQueryOptions() {
  return queryOptions({ queryKey: settingsKeys.me(), queryFn: getMe });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}
