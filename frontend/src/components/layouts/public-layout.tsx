import { Box, Button, Container, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { ColorModeButton } from '@/components/ui/color-mode';
import { FOOTER_LINKS, paths } from '@/config/paths';
import { FROSTED_STICKY_BAR } from './frosted-bar';

export function PublicHeader() {
  return (
    <Box as="header" {...FROSTED_STICKY_BAR}>
      <Container maxW="6xl">
        <Flex h="16" align="center" justify="space-between" gap="4">
          <RouterLink to={paths.landing.getHref()} aria-label="Schedule & Autopost home">
            <Logo />
          </RouterLink>
          <HStack gap="2">
            <ColorModeButton />
            <Button asChild size="sm" colorPalette="brand">
              <RouterLink to={paths.auth.getHref()}>Sign In</RouterLink>
            </Button>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}

export function PublicFooter() {
  return (
    <Box as="footer" borderTopWidth="1px" borderColor="border.muted" mt="auto">
      <Container maxW="6xl" py="8">
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'center' }} gap="4">
          <Text textStyle="sm" color="fg.muted">
            © {new Date().getFullYear()} Schedule &amp; Autopost. All rights reserved.
          </Text>
          <Box as="nav" aria-label="Footer">
            <Flex as="ul" listStyleType="none" wrap="wrap" columnGap="6" rowGap="2">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link asChild textStyle="sm" color="fg.muted" _hover={{ color: 'fg' }}>
                    <RouterLink to={link.to}>{link.label}</RouterLink>
                  </Link>
                </li>
              ))}
            </Flex>
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}

/** The public static pages: header, content, footer (the landing has a Chakra-free copy in features/landing). */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" minH="100dvh">
      <PublicHeader />
      <Box as="main" flex="1">
        {children}
      </Box>
      <PublicFooter />
    </Flex>
  );
}
