import { Box, chakra, Flex, HStack, Kbd, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import type { IconType } from 'react-icons';
import { NavLink } from 'react-router-dom';
import { UI } from '@shared/ui';
import { Logo } from '@/components/logo';
import { deferred } from '@/components/deferred';
import { Tooltip } from '@/components/ui/tooltip';
import { readCookie, writeCookie } from '@/lib/cookies';
import { useIsMobile } from '@/lib/use-is-mobile';

export interface NavItem {
  label: string;
  to: string;
  icon: IconType;
  /** Active only on an exact match (the /home index). */
  end?: boolean;
}

function initialExpanded(): boolean {
  return readCookie(UI.sidebarCookieName) !== 'false';
}

/** Expanded/collapsed on desktop (kept in a cookie for 7 days), a drawer under 768 px (docs/product-rules.md#shell, #constants). */
export function useSidebarState() {
  const isMobile = useIsMobile();
  const [expanded, setExpandedState] = useState(initialExpanded);
  const [mobileOpen, setMobileOpen] = useState(false);

  const setExpanded = useCallback((next: boolean) => {
    setExpandedState(next);
    writeCookie(UI.sidebarCookieName, String(next), UI.sidebarCookieMaxAgeSeconds);
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setMobileOpen((open) => !open);
    else setExpanded(!expanded);
  }, [isMobile, expanded, setExpanded]);

  return { isMobile, expanded, mobileOpen, setMobileOpen, toggle };
}

const StyledNavLink = chakra(NavLink);

function NavList({ items, collapsed, onNavigate }: { items: NavItem[]; collapsed: boolean; onNavigate?: () => void }) {
  return (
    <Stack as="ul" gap="1" listStyleType="none">
      {items.map(({ label, to, icon: Icon, end }) => (
        <li key={to}>
          <Tooltip content={label} disabled={!collapsed} positioning={{ placement: 'right' }}>
            <StyledNavLink
              to={to}
              end={end}
              onClick={onNavigate}
              aria-label={collapsed ? label : undefined}
              display="flex"
              alignItems="center"
              gap="3"
              h="9"
              px={collapsed ? '0' : '2.5'}
              justifyContent={collapsed ? 'center' : 'flex-start'}
              rounded="md"
              textStyle="sm"
              fontWeight="medium"
              color="fg.muted"
              whiteSpace="nowrap"
              transition="background 0.15s, color 0.15s"
              _hover={{ bg: 'bg.muted', color: 'fg' }}
              _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
              css={{ '&[aria-current=page]': { bg: 'bg.emphasized', color: 'fg' } }}
            >
              <Box as="span" fontSize="md" flexShrink={0} aria-hidden>
                <Icon />
              </Box>
              {collapsed ? null : <span>{label}</span>}
            </StyledNavLink>
          </Tooltip>
        </li>
      ))}
    </Stack>
  );
}

const MOD_KEY = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

export function SidebarContent({
  items,
  collapsed,
  onNavigate,
  showShortcut,
}: {
  items: NavItem[];
  collapsed: boolean;
  onNavigate?: () => void;
  showShortcut: boolean;
}) {
  return (
    <Flex direction="column" h="full" gap="4">
      <Flex h="14" align="center" px={collapsed ? '0' : '4'} justify={collapsed ? 'center' : 'flex-start'} flexShrink={0}>
        <Logo compact={collapsed} small />
      </Flex>
      <Box as="nav" aria-label="Main" px="2" flex="1" overflowY="auto">
        <NavList items={items} collapsed={collapsed} onNavigate={onNavigate} />
      </Box>
      {collapsed || !showShortcut ? null : (
        <HStack px="4" pb="4" gap="1.5" color="fg.muted" textStyle="xs" aria-hidden>
          <Kbd size="sm">{MOD_KEY}</Kbd>
          <Kbd size="sm">B</Kbd>
          <Text>to collapse</Text>
        </HStack>
      )}
    </Flex>
  );
}

export interface MobileSidebarProps {
  items: NavItem[];
  open: boolean;
  setOpen: (open: boolean) => void;
}

/** On a phone the sidebar is a drawer, closed at first: its code arrives after the page's first paint, or at once when it is opened. */
const MobileSidebar = deferred<MobileSidebarProps>(
  () => import('./mobile-sidebar').then((module) => module.MobileSidebar),
  () => null,
  ({ open }) => open,
);

interface SidebarProps {
  items: NavItem[];
  state: ReturnType<typeof useSidebarState>;
}

export function Sidebar({ items, state }: SidebarProps) {
  const { isMobile, expanded, mobileOpen, setMobileOpen } = state;

  if (isMobile) return <MobileSidebar items={items} open={mobileOpen} setOpen={setMobileOpen} />;

  return (
    <Box
      as="aside"
      data-testid="sidebar"
      data-state={expanded ? 'expanded' : 'collapsed'}
      w={expanded ? UI.sidebarWidth : UI.sidebarWidthIcon}
      flexShrink={0}
      position="sticky"
      top="0"
      h="100dvh"
      overflow="hidden"
      borderRightWidth="1px"
      borderColor="border.muted"
      bg="bg.subtle"
      transition="width 0.2s ease"
    >
      <SidebarContent items={items} collapsed={!expanded} showShortcut />
    </Box>
  );
}
