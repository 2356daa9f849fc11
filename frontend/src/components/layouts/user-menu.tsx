import { Avatar, IconButton, Menu, Portal } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-ui/react/theme';
import { LuLogOut, LuMail } from 'react-icons/lu';

export function avatarInitial(email: string | null | undefined): string {
  const first = email?.trim().charAt(0);
  return first ? first.toUpperCase() : 'U';
}

interface UserMenuProps {
  email: string | null | undefined;
  /** The profile picture; the initial shows until it loads, or when there is none or it fails. */
  avatarUrl?: string | null;
  onSignOut: () => void;
}

/** The avatar in the top bar: the e-mail (disabled) and Logout (docs/product-rules.md#shell). */
export function UserMenu({ email, avatarUrl, onSignOut }: UserMenuProps) {
  return (
    <Menu.Root
      recipe={menuSlotRecipe}
      positioning={{ placement: 'bottom-end' }}
      onSelect={(details) => {
        if (details.value === 'logout') onSignOut();
      }}
    >
      <Menu.Trigger asChild>
        <IconButton aria-label="Account menu" variant="ghost" size="sm" rounded="full" data-testid="avatar-menu">
          <Avatar.Root size="xs" colorPalette="brand" variant="solid">
            <Avatar.Fallback data-testid="avatar-initial">{avatarInitial(email)}</Avatar.Fallback>
            {avatarUrl ? <Avatar.Image src={avatarUrl} alt="" data-testid="avatar-picture" /> : null}
          </Avatar.Root>
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="14rem">
            <Menu.Item value="email" disabled data-testid="avatar-menu-email">
              <LuMail />
              {email ?? 'Signed in'}
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout">
              <LuLogOut />
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
