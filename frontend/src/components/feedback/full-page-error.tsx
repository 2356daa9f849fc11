import { Box, Button, Center, Code, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuTriangleAlert } from 'react-icons/lu';

interface FullPageErrorProps {
  title: string;
  message?: ReactNode;
  detail?: string;
  actions?: ReactNode;
}

export function FullPageError({ title, message, detail, actions }: FullPageErrorProps) {
  return (
    <Center minH="100dvh" px="6" role="alert">
      <Stack align="center" gap="5" maxW="lg" textAlign="center">
        <Box color="fg.error" fontSize="4xl" aria-hidden>
          <LuTriangleAlert />
        </Box>
        <Heading as="h1" size="2xl" letterSpacing="tight">
          {title}
        </Heading>
        {message ? <Text color="fg.muted">{message}</Text> : null}
        {detail ? (
          <Code size="sm" px="3" py="2" maxW="full" whiteSpace="pre-wrap" wordBreak="break-word">
            {detail}
          </Code>
        ) : null}
        {actions ?? (
          <Button variant="outline" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        )}
      </Stack>
    </Center>
  );
}
