import { Card, SimpleGrid, Skeleton, SkeletonText } from '@chakra-ui/react';
import type { SocialAccount } from '@shared/accounts';
import { PLATFORMS, type Platform } from '@shared/platforms';
import { roleAtLeast } from '@shared/roles';
import { LoadError } from '@/components/load-error';
import { useConnections, usePlatforms } from '@/lib/api/connections';
import { useCurrentWorkspace } from '@/lib/api/workspaces';
import { useConnectAccount } from '../hooks/use-connect-account';
import { PlatformCard } from './platform-card';

function byPlatform(accounts: SocialAccount[]): Record<Platform, SocialAccount[]> {
  const groups = Object.fromEntries(PLATFORMS.map((p) => [p, [] as SocialAccount[]])) as Record<Platform, SocialAccount[]>;
  for (const account of accounts) groups[account.platform].push(account);
  return groups;
}

function LoadingCards() {
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" role="status" aria-label="Loading accounts">
      {PLATFORMS.map((platform) => (
        <Card.Root key={platform} variant="outline" rounded="xl">
          <Card.Body gap="4">
            <Skeleton h="6" w="50%" />
            <SkeletonText noOfLines={2} />
            <Skeleton h="8" w="28" />
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

/**
 * Every platform with its connected accounts: the Platforms page and /connections, whose variant
 * says 'Connect via OAuth' (docs/product-rules.md#platforms-page).
 */
export function AccountsOverview({ connectLabel = 'Connect' }: { connectLabel?: string }) {
  const { data, isPending, isError, refetch, isRefetching } = useConnections();
  const platforms = usePlatforms();
  const { connect, connecting } = useConnectAccount();
  // Connecting is an Admin's job; while the role is unknown the button shows (the server decides).
  const { workspace } = useCurrentWorkspace();
  const mayConnect = !workspace || roleAtLeast(workspace.role, 'admin');

  if (isPending || platforms.isPending) return <LoadingCards />;
  if (isError || platforms.isError) {
    return (
      <LoadError
        message="Couldn't load your accounts"
        onRetry={() => {
          void refetch();
          void platforms.refetch();
        }}
        retrying={isRefetching}
      />
    );
  }

  const groups = byPlatform(data);
  const availability = new Map(platforms.data.platforms.map((p) => [p.platform, p]));
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
      {PLATFORMS.map((platform) => (
        <PlatformCard
          key={platform}
          platform={platform}
          accounts={groups[platform]}
          availability={availability.get(platform)}
          onConnect={connect}
          connecting={connecting === platform}
          connectLabel={connectLabel}
          mayConnect={mayConnect}
        />
      ))}
    </SimpleGrid>
  );
}
