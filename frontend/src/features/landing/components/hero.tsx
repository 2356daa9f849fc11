import { Badge, Box, Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { FaFacebook, FaInstagram, FaTiktok, FaXTwitter, FaYoutube } from 'react-icons/fa6';
import { LuArrowRight, LuSparkles } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';

const NETWORKS = [
  { label: 'Instagram', icon: FaInstagram },
  { label: 'Facebook', icon: FaFacebook },
  { label: 'X', icon: FaXTwitter },
  { label: 'TikTok', icon: FaTiktok },
  { label: 'YouTube', icon: FaYoutube },
] as const;

export function Hero() {
  return (
    <Box
      as="section"
      position="relative"
      overflow="hidden"
      bgImage={{
        base: 'radial-gradient(ellipse 70% 60% at 50% -20%, rgba(99, 102, 241, 0.16), transparent)',
        _dark: 'radial-gradient(ellipse 70% 60% at 50% -20%, rgba(99, 102, 241, 0.28), transparent)',
      }}
    >
      <Container maxW="4xl" pt={{ base: '16', md: '24' }} pb={{ base: '14', md: '20' }}>
        <Stack align="center" textAlign="center" gap="6">
          <Badge colorPalette="brand" variant="surface" size="lg" rounded="full" px="3">
            <LuSparkles /> Plan once. Post everywhere.
          </Badge>
          <Heading
            as="h1"
            fontSize={{ base: '4xl', md: '6xl' }}
            lineHeight="1.05"
            letterSpacing="tighter"
            fontWeight="bold"
            css={{ textWrap: 'balance' }}
          >
            Schedule your social posts.{' '}
            <Box as="span" bgGradient="to-r" gradientFrom="brand.400" gradientTo="purple.400" bgClip="text">
              We publish them on time.
            </Box>
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted" maxW="2xl">
            Write once with a caption per network, attach images or video, pick a time in your own timezone and let
            Schedule &amp; Autopost do the posting — for you or for every client you manage.
          </Text>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w={{ base: 'full', sm: 'auto' }}>
            <Button asChild size="lg" colorPalette="brand">
              <RouterLink to={paths.auth.getHref({ mode: 'signup' })}>
                Get started free <LuArrowRight />
              </RouterLink>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#pricing">See pricing</a>
            </Button>
          </Stack>
          <HStack gap={{ base: '5', md: '7' }} pt="4" color="fg.subtle" fontSize="xl" aria-label="Supported networks">
            {NETWORKS.map(({ label, icon: Icon }) => (
              <Box key={label} title={label} aria-label={label} role="img">
                <Icon />
              </Box>
            ))}
          </HStack>
        </Stack>
      </Container>
    </Box>
  );
}
