import { Stack } from '@chakra-ui/react';
import { PageHeader } from '@/components/page-header';
import { AccountsOverview } from './accounts-overview';

/** /home/platforms (docs/product-rules.md#platforms-page). */
export function PlatformsPage() {
  return (
    <Stack gap="6">
      <PageHeader title="Platforms" description="Connect the accounts you want to publish to." />
      <AccountsOverview />
    </Stack>
  );
}
