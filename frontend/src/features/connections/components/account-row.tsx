import { Avatar, Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { format } from 'date-fns';
import { useState } from 'react';
import type { ConnectionView, SocialAccount } from '@shared/accounts';
import { RECONNECT_FOR_ANALYTICS } from '@shared/analytics-rules';
import { PLATFORM_NAMES } from '@shared/platforms';
import { UI } from '@shared/ui';
import type { ListedConnection } from '@shared/connection-health';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDisconnectAccount } from '../api/disconnect-account';
import { ConnectionExpiry } from './connection-expiry';
import { PageInfoDialog } from './page-info-dialog-deferred';

interface AccountRowProps {
  account: SocialAccount;
  onReconnect: () => void;
  reconnecting: boolean;
}

/** One connected account: who it is, since when, and what can be done with it. */
export function AccountRow({ account, onReconnect, reconnecting }: AccountRowProps) {
  const disconnect = useDisconnectAccount();
  const [pageInfoOpen, setPageInfoOpen] = useState(false);
  const [confirmingDisconnect, setConfirmingDisconnect] = useState(false);
  // Connected before analytics: publishing works, but the grant lacks the analytics permission.
  const analyticsReconnect = !account.needs_reconnect && (account as Partial<ConnectionView>).analytics === 'reconnect';

  return (
    <Stack
      as="li"
      listStyleType="none"
      gap="3"
      p="3"
      rounded="lg"
      borderWidth="1px"
      borderColor="border.muted"
      data-testid="account-row"
      data-account-id={account.id}
    >
      <HStack gap="3" minW="0">
        <Avatar.Root size="sm">
          <Avatar.Fallback name={account.account_name} />
          {account.picture_url ? <Avatar.Image src={account.picture_url} alt="" /> : null}
        </Avatar.Root>
        <Stack gap="0" minW="0" flex="1">
          <Text fontWeight="medium" truncate>
            {account.account_name}
          </Text>
          <Text textStyle="xs" color="fg.muted">
            Linked <time dateTime={account.created_at}>{format(new Date(account.created_at), UI.formats.linked)}</time>
          </Text>
          <ConnectionExpiry health={(account as Partial<ListedConnection>).health} />
          {analyticsReconnect ? (
            <Text textStyle="xs" color="orange.fg" data-testid="analytics-reconnect">
              {RECONNECT_FOR_ANALYTICS}
            </Text>
          ) : null}
        </Stack>
        {account.needs_reconnect ? (
          <Badge colorPalette="orange" variant="subtle">
            Needs reconnect
          </Badge>
        ) : null}
      </HStack>
      <HStack gap="2" wrap="wrap">
        {account.needs_reconnect || analyticsReconnect ? (
          <Button size="xs" colorPalette="brand" onClick={onReconnect} loading={reconnecting}>
            Reconnect
          </Button>
        ) : null}
        {account.platform === 'facebook' ? (
          <Button size="xs" variant="outline" onClick={() => setPageInfoOpen(true)}>
            Page info
          </Button>
        ) : null}
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          onClick={() => setConfirmingDisconnect(true)}
          loading={disconnect.isPending}
          aria-label={`Disconnect ${account.account_name}`}
        >
          Disconnect
        </Button>
      </HStack>
      <ConfirmDialog
        open={confirmingDisconnect}
        onOpenChange={setConfirmingDisconnect}
        title={`Disconnect ${account.account_name} from ${PLATFORM_NAMES[account.platform]}?`}
        description="Scheduled posts for it will fail until you reconnect."
        confirmLabel="Disconnect"
        pending={disconnect.isPending}
        onConfirm={() => disconnect.mutate(account.id, { onSettled: () => setConfirmingDisconnect(false) })}
      />
      {account.platform === 'facebook' ? <PageInfoDialog account={account} open={pageInfoOpen} onOpenChange={setPageInfoOpen} /> : null}
    </Stack>
  );
}
