import { Box, Flex, IconButton, Separator, Spacer, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { LuPanelLeft, LuRefreshCw } from 'react-icons/lu';
import { UI } from '@shared/ui';
import { ColorModeButton } from '@/components/ui/color-mode';
import { Tooltip } from '@/components/ui/tooltip';
import { useKeyboardShortcuts } from '@/lib/keyboard';
import { FROSTED_STICKY_BAR } from './frosted-bar';
import { Sidebar, useSidebarState, type NavItem } from './sidebar';
import { UserMenu } from './user-menu';

interface DashboardLayoutProps {
  /** The current page's name, shown in the top bar. */
  title: string;
  navItems: NavItem[];
  /** The workspace switcher (a feature), at the start of the top bar. */
  workspaceSwitcher?: ReactNode;
  /** The notifications bell (a feature), rendered in the top bar. */
  notifications: ReactNode;
  userEmail: string | null | undefined;
  userAvatarUrl?: string | null;
  onSignOut: () => void;
  /** Refetches data; the layout shows progress and binds the `r` shortcut. */
  onRefresh: () => Promise<void>;
  children: ReactNode;
}

/** The shell of every /home view: sidebar, top bar and content (docs/product-rules.md#shell). */
export function DashboardLayout({
  title,
  navItems,
  workspaceSwitcher,
  notifications,
  userEmail,
  userAvatarUrl,
  onSignOut,
  onRefresh,
  children,
}: DashboardLayoutProps) {
  const sidebar = useSidebarState();
  const [refreshing, setRefreshing] = useState(false);

  async function refresh() {
    if (refreshing) return;
    setRefreshing(true);
    try {
      await onRefresh();
    } finally {
      setRefreshing(false);
    }
  }

  useKeyboardShortcuts([
    { key: UI.sidebarShortcutKey, mod: true, handler: sidebar.toggle },
    { key: UI.refreshShortcutKey, handler: () => void refresh() },
  ]);

  return (
    <Flex minH="100dvh">
      <Sidebar items={navItems} state={sidebar} />
      <Flex direction="column" flex="1" minW="0">
        <Flex as="header" h="14" px={{ base: '3', md: '4' }} gap="1" align="center" {...FROSTED_STICKY_BAR}>
          <IconButton aria-label="Toggle sidebar" variant="ghost" size="sm" onClick={sidebar.toggle}>
            <LuPanelLeft />
          </IconButton>
          <Separator orientation="vertical" h="4" mx="1" />
          {workspaceSwitcher}
          {/* On a phone the switcher takes the room; the page's own heading names it. */}
          <Text as="span" color="fg.subtle" aria-hidden display={workspaceSwitcher ? { base: 'none', md: 'inline' } : 'none'}>
            /
          </Text>
          <Text
            fontWeight="semibold"
            textStyle="sm"
            truncate
            data-testid="page-title"
            ps="1"
            display={workspaceSwitcher ? { base: 'none', md: 'block' } : undefined}
          >
            {title}
          </Text>
          <Spacer />
          <Tooltip content="Refresh data (R)">
            <IconButton aria-label="Refresh data" variant="ghost" size="sm" onClick={() => void refresh()}>
              <Box as="span" display="inline-flex" animation={refreshing ? 'spin 0.8s linear infinite' : undefined}>
                <LuRefreshCw />
              </Box>
            </IconButton>
          </Tooltip>
          <ColorModeButton />
          {notifications}
          <Box ms="1">
            <UserMenu email={userEmail} avatarUrl={userAvatarUrl} onSignOut={onSignOut} />
          </Box>
        </Flex>
        <Box as="main" flex="1" minW="0" px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }}>
          <Box maxW="6xl" mx="auto">
            {children}
          </Box>
        </Box>
      </Flex>
    </Flex>
  );
}
