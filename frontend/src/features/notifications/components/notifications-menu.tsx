import { Badge, Float, IconButton, type IconButtonProps } from '@chakra-ui/react';
import { LuBell } from 'react-icons/lu';
import { deferred } from '@/components/deferred';
import { useNotifications } from '../api/get-notifications';
import type { NotificationsPopoverProps } from './notifications-popover';

/** The bell with its unread count; the same before and after the list's code has loaded. */
export function NotificationsButton({ unread, ...button }: { unread: number } & Omit<IconButtonProps, 'aria-label'>) {
  return (
    <IconButton aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'} variant="ghost" size="sm" position="relative" {...button}>
      <LuBell aria-hidden />
      {unread > 0 ? (
        // The count is in the button's name; the badge is only its picture.
        <Float placement="top-end" offset="1.5" aria-hidden>
          <Badge
            data-testid="notifications-unread-count"
            colorPalette="red"
            variant="solid"
            size="xs"
            rounded="full"
            minW="4"
            h="4"
            px="1"
            justifyContent="center"
            fontSize="2xs"
          >
            {unread > 9 ? '9+' : unread}
          </Badge>
        </Float>
      ) : null}
    </IconButton>
  );
}

/** The list's code (the popover, its positioner) arrives after the page's first paint; a click before that opens it once it has. */
const NotificationsPopover = deferred<NotificationsPopoverProps>(
  () => import('./notifications-popover').then((module) => module.NotificationsPopover),
  ({ unread, activate }) => <NotificationsButton unread={unread} onClick={activate} />,
);

/** The bell in the top bar and its list of the latest notifications (docs/product-rules.md#shell). */
export function NotificationsMenu() {
  const { data } = useNotifications();
  const unread = data?.items.filter((n) => !n.read).length ?? 0;
  return <NotificationsPopover unread={unread} />;
}
