import { Badge, Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { LuPlus } from 'react-icons/lu';
import type { SocialAccount } from '@shared/accounts';
import { PLATFORM_LABELS, type Platform } from '@shared/platforms';
import { AccountRow } from './account-row';
import { PlatformIcon } from './platform-icon';

interface PlatformCardProps {
  platform: Platform;
  accounts: SocialAccount[];
  onConnect: (platform: Platform) => void;
  connecting: boolean;
  connectLabel: string;
}

/** One platform: connected or not, its accounts, and Connect / Add Account (spec §2 Platforms). */
export function PlatformCard({ platform, accounts, onConnect, connecting, connectLabel }: PlatformCardProps) {
  const label = PLATFORM_LABELS[platform];
  const connected = accounts.length > 0;

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
          <Badge colorPalette={connected ? 'green' : 'gray'} variant="subtle">
            {connected ? 'Connected' : 'Not Connected'}
          </Badge>
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
            No {label} account connected yet.
          </Text>
        )}
      </Card.Body>
      <Card.Footer>
        <Button
          size="sm"
          variant={connected ? 'outline' : 'solid'}
          colorPalette="brand"
          onClick={() => onConnect(platform)}
          loading={connecting}
          aria-label={connected ? `Add ${label} account` : `${connectLabel} ${label}`}
        >
          {connected ? <LuPlus /> : null}
          {connected ? 'Add Account' : connectLabel}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
