import { Heading, Stack, Text } from '@chakra-ui/react';
import { AccountsOverview } from './accounts-overview';

/** /home/platforms (spec §2 Platforms). */
export function PlatformsPage() {
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
          Platforms
        </Heading>
        <Text color="fg.muted">Connect the accounts you want to publish to.</Text>
      </Stack>
      <AccountsOverview />
    </Stack>
  );
}
