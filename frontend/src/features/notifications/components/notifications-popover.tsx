import { Box, Button, Center, chakra, HStack, Popover, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { popoverSlotRecipe } from '@chakra-ui/react/theme';
import { formatDistanceToNow } from 'date-fns';
import { LuBellOff } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { MSG } from '@shared/messages';
import type { Notification } from '@shared/notifications';
import { LoadError } from '@/components/load-error';
import { paths } from '@/config/paths';
import { useCurrentWorkspace, useResetToWorkspace } from '@/lib/api/workspaces';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useNotifications } from '../api/get-notifications';
import { NotificationsButton } from './notifications-menu';

export interface NotificationsPopoverProps {
  unread: number;
}

function relativeTime(iso: string): string {
  return formatDistanceToNow(new Date(iso), { addSuffix: true });
}

/** Where clicking a notice goes: its post on the Posts page, or Home of the workspace it happened in. */
function useOpenNotice() {
  const { workspace } = useCurrentWorkspace();
  const resetTo = useResetToWorkspace();
  const navigate = useNavigate();
  return (item: Notification) => {
    // Another workspace's notice: switch there first, so the post it names is one the app can show.
    if (item.workspace_id && workspace && item.workspace_id !== workspace.id) resetTo(item.workspace_id);
    if (item.post_id) void navigate(`${paths.app.posts.getHref()}?${new URLSearchParams({ post: item.post_id })}`);
    else if (item.workspace_id) void navigate(paths.app.root.getHref());
  };
}

function NotificationItem({ item, elsewhere, onOpen }: { item: Notification; elsewhere: boolean; onOpen: (item: Notification) => void }) {
  const body = (
    <HStack align="flex-start" gap="3" w="full">
      <Box mt="1.5" boxSize="2" flexShrink={0} rounded="full" bg={item.read ? 'transparent' : 'brand.solid'} aria-hidden />
      <Stack gap="0.5" minW="0" flex="1">
        {/* Another workspace's notice says which, so it is not mistaken for one about the workspace on screen. */}
        {elsewhere && item.workspace_name ? (
          <Text textStyle="xs" fontWeight="medium" color="fg.muted" truncate data-testid="notification-workspace">
            {item.workspace_name}
          </Text>
        ) : null}
        <Text textStyle="sm" fontWeight={item.read ? 'normal' : 'medium'} color={item.read ? 'fg.muted' : 'fg'}>
          {item.read ? null : <chakra.span srOnly>Unread: </chakra.span>}
          {item.message}
        </Text>
        {/* fg.muted: fg.subtle on an unread item's tint is 2.4:1, under WCAG AA. */}
        <Text textStyle="xs" color="fg.muted">
          <time dateTime={item.created_at}>{relativeTime(item.created_at)}</time>
        </Text>
      </Stack>
    </HStack>
  );
  // A read notice about nothing to open stays plain text; anything else is a button.
  const clickable = !item.read || item.post_id !== null || elsewhere;

  return (
    <chakra.li listStyleType="none" data-testid="notification-item" data-read={item.read ? 'true' : 'false'}>
      {!clickable ? (
        <Box px="4" py="3">
          {body}
        </Box>
      ) : (
        <chakra.button
          type="button"
          w="full"
          textAlign="start"
          px="4"
          py="3"
          bg={item.read ? undefined : 'brand.subtle/60'}
          cursor="pointer"
          _hover={{ bg: item.read ? 'bg.muted' : 'brand.subtle' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' }}
          onClick={() => onOpen(item)}
        >
          {body}
        </chakra.button>
      )}
    </chakra.li>
  );
}

function NotificationsBody() {
  const { data, isPending, isError, refetch, isRefetching } = useNotifications();
  const markRead = useMarkNotificationRead();
  const { workspace } = useCurrentWorkspace();
  const open = useOpenNotice();
  const onOpen = (item: Notification) => {
    if (!item.read) markRead.mutate(item.id);
    open(item);
  };

  if (isPending) {
    return (
      <Center py="10" gap="2" color="fg.muted" role="status">
        <Spinner size="sm" /> <Text textStyle="sm">Loading notifications...</Text>
      </Center>
    );
  }
  if (isError) {
    return <LoadError message="Couldn't load notifications" onRetry={() => void refetch()} retrying={isRefetching} py="8" compact />;
  }
  if (data.items.length === 0) {
    return (
      <Stack align="center" py="10" gap="2" color="fg.muted">
        <LuBellOff />
        <Text textStyle="sm">{MSG.noNotifications}</Text>
      </Stack>
    );
  }
  return (
    <chakra.ul divideY="1px" divideColor="border.muted">
      {data.items.map((item) => (
        <NotificationItem
          key={item.id}
          item={item}
          elsewhere={item.workspace_id !== null && workspace !== undefined && item.workspace_id !== workspace.id}
          onOpen={onOpen}
        />
      ))}
    </chakra.ul>
  );
}

/** The list itself (see ./notifications-menu.tsx, which loads it after the page's first paint). */
export function NotificationsPopover({ unread, defaultOpen }: NotificationsPopoverProps & { defaultOpen?: boolean }) {
  const markAll = useMarkAllNotificationsRead();
  return (
    <Popover.Root recipe={popoverSlotRecipe} positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit defaultOpen={defaultOpen}>
      <Popover.Trigger asChild>
        <NotificationsButton unread={unread} />
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w={{ base: '92vw', sm: 'sm' }} overflow="hidden" data-testid="notifications-menu" aria-label="Notifications">
            <HStack justify="space-between" px="4" py="3" borderBottomWidth="1px" borderColor="border.muted">
              <Popover.Title fontWeight="semibold">Notifications</Popover.Title>
              {unread > 0 ? (
                <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => markAll.mutate()}>
                  Mark all read
                </Button>
              ) : null}
            </HStack>
            <Box maxH="24rem" overflowY="auto">
              <NotificationsBody />
            </Box>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
