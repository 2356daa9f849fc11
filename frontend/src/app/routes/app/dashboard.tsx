import { Stack } from '@chakra-ui/react';
import { Greeting } from '@/features/dashboard/components/greeting';
import { QuickActions } from '@/features/dashboard/components/quick-actions';
import { useMe } from '@/features/settings/api/get-me';

export default function DashboardRoute() {
  const me = useMe();
  return (
    <Stack gap="8">
      <Greeting nickname={me.data?.profile.username} loading={me.isPending} />
      <QuickActions />
    </Stack>
  );
}
