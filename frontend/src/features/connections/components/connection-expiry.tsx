import { Text } from '@chakra-ui/react';
import type { ConnectionHealth } from '@shared/connection-health';
import { expiryText } from '@shared/connection-expiry';

/** "Reconnect within 9 days" under an account whose connection will run out. */
export function ConnectionExpiry({ health, now = new Date() }: { health: ConnectionHealth | undefined; now?: Date }) {
  const text = health ? expiryText(health, now) : null;
  if (!text) return null;
  const days = health?.expires_at ? (Date.parse(health.expires_at) - now.getTime()) / 86_400_000 : Infinity;
  return (
    <Text textStyle="xs" color={days <= 7 ? 'fg.warning' : 'fg.muted'} data-testid="connection-expiry" title={health?.expires_at ?? undefined}>
      {text}
    </Text>
  );
}
