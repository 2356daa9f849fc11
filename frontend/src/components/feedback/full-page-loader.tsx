import { Center, Spinner, Stack, Text } from '@chakra-ui/react';

/** Shown while the session resolves and while a route's code loads. */
export function FullPageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center minH="100dvh" data-testid="full-page-loader" role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="brand.solid" borderWidth="3px" />
        <Text color="fg.muted" textStyle="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
