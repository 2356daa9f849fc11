import { Menu, Portal } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-ui/react/theme';
import { LuLogOut, LuMail } from 'react-icons/lu';
import { UserMenuButton, type UserMenuProps } from './user-menu';

/** The account menu itself (see ./user-menu.tsx, which loads it after the page's first paint). */
export function UserMenuView({ email, avatarUrl, onSignOut, defaultOpen }: UserMenuProps & { defaultOpen?: boolean }) {
  return (
    <Menu.Root
      recipe={menuSlotRecipe}
      positioning={{ placement: 'bottom-end' }}
      defaultOpen={defaultOpen}
      onSelect={(details) => {
        if (details.value === 'logout') onSignOut();
      }}
    >
      <Menu.Trigger asChild>
        <UserMenuButton email={email} avatarUrl={avatarUrl} />
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
