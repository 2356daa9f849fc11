import { Stack } from '@chakra-ui/react';
import { DashboardPosts } from '@/features/dashboard/components/dashboard-posts';
import { Greeting } from '@/features/dashboard/components/greeting';
import { QuickActions } from '@/features/dashboard/components/quick-actions';
import { useMe } from '@/lib/api/me';
import { userTimezone } from '@/lib/time';

export default function DashboardRoute() {
  const me = useMe();
  const zone = userTimezone(me.data?.settings.timezone);
  return (
    <Stack gap="8">
      <Greeting nickname={me.data?.profile.username} zone={zone} loading={me.isPending} />
      <QuickActions />
      <DashboardPosts zone={zone} zoneReady={!me.isPending} />
    </Stack>
  );
}
