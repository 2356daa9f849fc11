import { Alert, Link, List } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { AnalyticsResponse } from '@shared/analytics';
import { RECONNECT_FOR_ANALYTICS } from '@shared/analytics-rules';
import { PLATFORM_NAMES } from '@shared/platforms';
import { paths } from '@/config/paths';

/** Connections made before analytics lack its permission: they are listed, with the way to Platforms. */
export function ReconnectNotice({ accounts }: { accounts: AnalyticsResponse['needs_reconnect'] }) {
  if (accounts.length === 0) return null;
  return (
    <Alert.Root status="warning" data-testid="analytics-reconnect">
      <Alert.Indicator />
      <Alert.Content gap="1">
        <Alert.Title>{RECONNECT_FOR_ANALYTICS}</Alert.Title>
        <Alert.Description>
          These accounts were connected before analytics and need to be connected again to share their numbers:
          <List.Root ps="5" my="1">
            {accounts.map((a) => (
              <List.Item key={a.account_id}>
                {a.account_name} ({PLATFORM_NAMES[a.platform]})
              </List.Item>
            ))}
          </List.Root>
          <Link asChild fontWeight="medium" color="fg" textDecoration="underline">
            <RouterLink to={paths.app.platforms.getHref()}>Reconnect on the Platforms page</RouterLink>
          </Link>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
