import { queryOptions, useQuery } from '@tanstack/react-query';
import { DashboardSchema, type Dashboard } from '@shared/posts';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/** The next 5 upcoming posts (soonest first) and the 3 newest published ones. */
export function getDashboard(): Promise<Dashboard> {
  return api('/dashboard', { schema: DashboardSchema });
}

export function getDashboardQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.posts(), queryFn: getDashboard });
}

export function useDashboard() {
  return useQuery(getDashboardQueryOptions());
}
