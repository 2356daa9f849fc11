import { queryOptions, useQuery } from '@tanstack/react-query';
import { PlatformsResponseSchema, type PlatformsResponse } from '@shared/entitlements';
import { api } from '@/lib/api-client';
import { accountKeys } from './query-keys';

/** Per platform: offered by this deployment? included in the user's plan? (GET /api/platforms) */
export function getPlatforms(): Promise<PlatformsResponse> {
  return api('/platforms', { schema: PlatformsResponseSchema });
}

export function getPlatformsQueryOptions() {
  return queryOptions({ queryKey: accountKeys.platforms(), queryFn: getPlatforms });
}

export function usePlatforms() {
  return useQuery(getPlatformsQueryOptions());
}
