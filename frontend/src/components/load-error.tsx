import { Button, Stack, Text } from '@chakra-ui/react';
import { LuCircleAlert } from 'react-icons/lu';

interface LoadErrorProps {
  /** "Couldn't load your posts". */
  message: string;
  onRetry: () => void;
  retrying: boolean;
  py?: string;
  /** Smaller text and button (a menu). */
  compact?: boolean;
}

/** A query that failed: what did not load, and "Try again". */
export function LoadError({ message, onRetry, retrying, py = '12', compact = false }: LoadErrorProps) {
  return (
    <Stack align="center" py={py} gap="3" color="fg.muted" role="alert">
      <LuCircleAlert />
      <Text textStyle={compact ? 'sm' : undefined}>{message}</Text>
      <Button size={compact ? 'xs' : 'sm'} variant="outline" onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </Stack>
  );
}
