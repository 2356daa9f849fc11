import { Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { greetingFor } from '@shared/ui';
import { formatInZone } from '@/lib/time';

interface GreetingProps {
  /** The profile nickname; falls back to "there". */
  nickname: string | null | undefined;
  /** The user's saved timezone: the time of day is theirs, not the browser's clock. */
  zone: string;
  loading?: boolean;
  now?: Date;
}

export function Greeting({ nickname, zone, loading = false, now = new Date() }: GreetingProps) {
  const hour = Number(formatInZone(now, zone, 'H'));
  return (
    <Stack gap="1">
      <Skeleton loading={loading} alignSelf="flex-start">
        <Heading as="h1" data-testid="greeting" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
          {`${greetingFor(hour)}, ${nickname?.trim() || 'there'}`}
        </Heading>
      </Skeleton>
      <Text color="fg.muted">{formatInZone(now, zone, 'EEEE, MMMM d')} · Here is what is happening with your posts.</Text>
    </Stack>
  );
}
