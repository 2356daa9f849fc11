import { Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { format } from 'date-fns';
import { greetingFor } from '@shared/ui';

interface GreetingProps {
  /** The profile nickname; falls back to "there". */
  nickname: string | null | undefined;
  loading?: boolean;
  now?: Date;
}

export function Greeting({ nickname, loading = false, now = new Date() }: GreetingProps) {
  return (
    <Stack gap="1">
      <Skeleton loading={loading} alignSelf="flex-start">
        <Heading as="h1" data-testid="greeting" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
          {`${greetingFor(now.getHours())}, ${nickname?.trim() || 'there'}`}
        </Heading>
      </Skeleton>
      <Text color="fg.muted">{format(now, 'EEEE, MMMM d')} · Here is what is happening with your posts.</Text>
    </Stack>
  );
}
