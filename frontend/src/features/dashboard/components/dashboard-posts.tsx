import { SimpleGrid } from '@chakra-ui/react';
import { useDashboard } from '../api/get-dashboard';
import { NextScheduledPosts } from './next-scheduled-posts';
import { RecentlyPublished } from './recently-published';

/** The dashboard's two post lists, side by side on desktop. Times wait for the user's zone. */
export function DashboardPosts({ zone, zoneReady }: { zone: string; zoneReady: boolean }) {
  const query = useDashboard();
  const loading = query.isPending || !zoneReady;
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
      <NextScheduledPosts posts={query.data?.upcoming} zone={zone} loading={loading} error={query.isError} />
      <RecentlyPublished posts={query.data?.recent} zone={zone} loading={loading} error={query.isError} />
    </SimpleGrid>
  );
}
