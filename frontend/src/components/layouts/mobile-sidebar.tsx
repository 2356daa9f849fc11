import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { drawerSlotRecipe } from '@chakra-ui/react/theme';
import { UI } from '@shared/ui';
import { SidebarContent, type MobileSidebarProps } from './sidebar';

/** The sidebar as a drawer on a phone (see ./sidebar.tsx, which loads it after the page's first paint). */
export function MobileSidebar({ items, open, setOpen }: MobileSidebarProps) {
  return (
    <Drawer.Root recipe={drawerSlotRecipe} open={open} onOpenChange={(e) => setOpen(e.open)} placement="start">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content w={UI.sidebarWidthMobile} maxW={UI.sidebarWidthMobile} data-testid="sidebar" data-state="drawer">
            <Drawer.Title srOnly>Navigation</Drawer.Title>
            <SidebarContent items={items} collapsed={false} onNavigate={() => setOpen(false)} showShortcut={false} />
            <Drawer.CloseTrigger asChild position="absolute" top="3" insetEnd="3">
              <CloseButton size="sm" aria-label="Close sidebar" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
