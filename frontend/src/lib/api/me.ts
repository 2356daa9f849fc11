import { queryOptions, useQuery } from '@tanstack/react-query';
import { MeResponseSchema, type MeResponse } from '@shared/settings';
import { api } from '@/lib/api-client';

/** Query keys of the signed-in user's settings and profile (shared: most pages read GET /me). */
export const settingsKeys = {
  all: ['settings'] as const,
  me: () => [...settingsKeys.all, 'me'] as const,
};

export function getMe(): Promise<MeResponse> {
  return api('/me', { schema: MeResponseSchema });
}

export function getMeQueryOptions() {
  return queryOptions({ queryKey: settingsKeys.me(), queryFn: getMe });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}
