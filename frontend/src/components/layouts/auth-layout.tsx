import { Box, Flex, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { ColorModeButton } from '@/components/ui/color-mode';
import { paths } from '@/config/paths';

/** The sign-in and verification screens: one centred card on a softly lit background. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Flex
      direction="column"
      minH="100dvh"
      bgImage={{
        base: 'radial-gradient(ellipse 80% 50% at 50% -10%, rgba(99, 102, 241, 0.14), transparent)',
        _dark: 'radial-gradient(ellipse 80% 50% at 50% -10%, rgba(99, 102, 241, 0.22), transparent)',
      }}
    >
      <Flex as="header" h="16" px={{ base: '4', md: '8' }} align="center" justify="space-between">
        <RouterLink to={paths.landing.getHref()} aria-label="Schedule & Autopost home">
          <Logo />
        </RouterLink>
        <ColorModeButton />
      </Flex>
      <Flex as="main" flex="1" direction="column" align="center" justify="center" px="4" pb="16" gap="6">
        {children}
        <Link asChild textStyle="sm" color="fg.muted" _hover={{ color: 'fg' }}>
          <RouterLink to={paths.landing.getHref()}>
            <LuArrowLeft /> Back to home
          </RouterLink>
        </Link>
      </Flex>
      <Box h="4" />
    </Flex>
  );
}
