import { Heading, Stack, Text } from '@chakra-ui/react';

/** The title (and optional one-line description) at the top of every /home view. */
export function PageHeader({ title, description }: { title: string; description?: string }) {
  return (
    <Stack gap="1">
      <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
        {title}
      </Heading>
      {description ? <Text color="fg.muted">{description}</Text> : null}
    </Stack>
  );
}
