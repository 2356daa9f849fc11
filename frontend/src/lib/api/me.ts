import { apiQuery } from '@/lib/api-query';

/** Query keys of the signed-in user's settings and profile (shared: most pages read GET /me). */
export const settingsKeys = {
  all: ['settings'] as const,
  me: () => [...settingsKeys.all, 'me'] as const,
};

const me = apiQuery('/me', () => import('@shared/settings').then((m) => m.MeResponseSchema), settingsKeys.me);

export const getMe = me.fetch;
export const getMeQueryOptions = me.options;
export const useMe = me.useQuery;
