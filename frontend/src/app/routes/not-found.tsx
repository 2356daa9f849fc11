import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { MSG } from '@shared/messages';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  return (
    <Center minH="100dvh" px="6">
      <Stack align="center" gap="4" textAlign="center">
        <Text
          fontSize={{ base: '6xl', md: '8xl' }}
          fontWeight="bold"
          letterSpacing="tighter"
          lineHeight="1"
          bgGradient="to-b"
          gradientFrom="fg"
          gradientTo="fg.subtle"
          bgClip="text"
        >
          404
        </Text>
        <Heading as="h1" size="xl">
          {MSG.pageNotFound}
        </Heading>
        <Text color="fg.muted">The page you are looking for does not exist or has moved.</Text>
        <Button asChild colorPalette="brand" mt="2">
          <RouterLink to={paths.landing.getHref()}>Return to Home</RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}
