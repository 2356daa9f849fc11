import { Avatar, IconButton, type IconButtonProps } from '@chakra-ui/react';
import { deferred } from '../deferred';

export function avatarInitial(email: string | null | undefined): string {
  const first = email?.trim().charAt(0);
  return first ? first.toUpperCase() : 'U';
}

export interface UserMenuProps {
  email: string | null | undefined;
  /** The profile picture; the initial shows until it loads, or when there is none or it fails. */
  avatarUrl?: string | null;
  onSignOut: () => void;
}

/** The avatar button that opens the menu; the same before and after the menu's code has loaded. */
export function UserMenuButton({ email, avatarUrl, ...button }: Pick<UserMenuProps, 'email' | 'avatarUrl'> & Omit<IconButtonProps, 'aria-label'>) {
  return (
    <IconButton aria-label="Account menu" variant="ghost" size="sm" rounded="full" data-testid="avatar-menu" {...button}>
      <Avatar.Root size="xs" colorPalette="brand" variant="solid">
        <Avatar.Fallback data-testid="avatar-initial">{avatarInitial(email)}</Avatar.Fallback>
        {avatarUrl ? <Avatar.Image src={avatarUrl} alt="" data-testid="avatar-picture" /> : null}
      </Avatar.Root>
    </IconButton>
  );
}

/**
 * The avatar in the top bar: the e-mail (disabled) and Logout (docs/product-rules.md#shell). The
 * menu's code arrives after the page's first paint; a click before that opens it once it has.
 */
export const UserMenu = deferred<UserMenuProps>(
  () => import('./user-menu-view').then((module) => module.UserMenuView),
  ({ email, avatarUrl, activate }) => <UserMenuButton email={email} avatarUrl={avatarUrl} onClick={activate} />,
);
