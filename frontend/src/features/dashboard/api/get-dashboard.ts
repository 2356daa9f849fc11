import { apiQuery } from '@/lib/api-query';
import { dashboardKeys } from './query-keys';

/** The next 5 upcoming posts (soonest first) and the 3 newest published ones. */
const dashboard = apiQuery('/dashboard', () => import('@shared/posts').then((m) => m.DashboardSchema), dashboardKeys.posts);

export const getDashboard = dashboard.fetch;
export const getDashboardQueryOptions = dashboard.options;
export const useDashboard = dashboard.useQuery;
