import { Badge, Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { LuLock, LuPlus } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { SocialAccount } from '@shared/accounts';
import type { PlatformAvailability } from '@shared/entitlements';
import { upgradeToConnectMessage } from '@shared/plans';
import { PLATFORM_LABELS, type Platform } from '@shared/platforms';
import { WORKSPACE_MSG } from '@shared/roles';
import { paths } from '@/config/paths';
import { AccountRow } from './account-row';
import { PlatformIcon } from '@/components/platform-icon';

interface PlatformCardProps {
  platform: Platform;
  accounts: SocialAccount[];
  onConnect: (platform: Platform) => void;
  connecting: boolean;
  connectLabel: string;
  /** False when the person's role in this workspace may not connect accounts (the server refuses it anyway). */
  mayConnect?: boolean;
  /** What the deployment and the user's plan allow; absent while unknown (treated as allowed). */
  availability?: PlatformAvailability | undefined;
}

/** One platform: connected or not, its accounts, and Connect / Add Account (docs/product-rules.md#platforms-page). */
export function PlatformCard({ platform, accounts, onConnect, connecting, connectLabel, availability, mayConnect = true }: PlatformCardProps) {
  const label = PLATFORM_LABELS[platform];
  const connected = accounts.length > 0;
  const comingSoon = availability?.available === false;
  const locked = !comingSoon && availability?.allowed === false;

  return (
    <Card.Root variant="outline" bg="bg.panel" rounded="xl" data-testid={`platform-card-${platform}`} aria-label={label} as="section">
      <Card.Header>
        <HStack justify="space-between" gap="3">
          <HStack gap="3">
            <Box fontSize="xl" aria-hidden>
              <PlatformIcon platform={platform} />
            </Box>
            <Card.Title as="h2">{label}</Card.Title>
          </HStack>
          {comingSoon ? (
            <Badge colorPalette="purple" variant="subtle">
              Coming Soon
            </Badge>
          ) : (
            <Badge colorPalette={connected ? 'green' : 'gray'} variant="subtle">
              {connected ? 'Connected' : 'Not Connected'}
            </Badge>
          )}
        </HStack>
      </Card.Header>
      <Card.Body gap="3">
        {connected ? (
          <Stack as="ul" gap="2">
            {accounts.map((account) => (
              <AccountRow key={account.id} account={account} onReconnect={() => onConnect(platform)} reconnecting={connecting} />
            ))}
          </Stack>
        ) : (
          <Text textStyle="sm" color="fg.muted">
            {comingSoon ? `Publishing to ${label} is on its way.` : `No ${label} account connected yet.`}
          </Text>
        )}
        {locked ? (
          <HStack gap="2" color="fg.muted" textStyle="sm" data-testid="plan-lock">
            <LuLock aria-hidden />
            <Text>{upgradeToConnectMessage(platform)}</Text>
          </HStack>
        ) : null}
      </Card.Body>
      <Card.Footer>
        {comingSoon ? null : !mayConnect ? (
          <Text textStyle="xs" color="fg.muted" data-testid="connect-role-note">
            {WORKSPACE_MSG.roleTooLow('admin')}
          </Text>
        ) : locked ? (
          <Button asChild size="sm" variant="outline" colorPalette="brand">
            <RouterLink to={paths.app.subscription.getHref()}>See plans</RouterLink>
          </Button>
        ) : (
          <Button
            size="sm"
            variant={connected ? 'outline' : 'solid'}
            colorPalette="brand"
            onClick={() => onConnect(platform)}
            loading={connecting}
            // The name starts with the visible text (axe label-content-name-mismatch), then says which platform.
            aria-label={connected ? `Add Account for ${label}` : `${connectLabel} ${label}`}
          >
            {connected ? <LuPlus /> : null}
            {connected ? 'Add Account' : connectLabel}
          </Button>
        )}
      </Card.Footer>
    </Card.Root>
  );
}
