import { useQuery } from '@tanstack/react-query';
import { AnalyticsResponseSchema, type BestTime } from '@shared/analytics';
import { api } from '@/lib/api-client';
import { usePlatforms } from '@/lib/api/connections';
import { composeKeys } from './query-keys';

/**
 * The best weekday × hour cells of the user's own results (Analytics, Pro only), for Compose's quick
 * choices. Asked only on Pro; while it loads, when it fails or when there are none yet, Compose simply
 * offers the usual choices.
 */
export function useBestTimes(): BestTime[] {
  const plan = usePlatforms().data?.plan;
  const query = useQuery({
    queryKey: composeKeys.bestTimes(),
    queryFn: () => api('/analytics?days=365', { schema: AnalyticsResponseSchema }),
    enabled: plan === 'pro',
    staleTime: 10 * 60_000,
    retry: false,
  });
  return (plan === 'pro' && query.data?.best_times) || [];
}
