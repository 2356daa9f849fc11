import { Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
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

interface LoadingQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * What a page shows under its header before its queries all have data: a spinner while one loads, or the
 * load error with "Try again" (refetching them all). Null once every query has data.
 */
export function pageLoadState(header: ReactNode, queries: readonly LoadingQuery[], words: { loading: string; failed: string }): ReactNode {
  const failed = queries.filter((q) => q.isError);
  if (queries.some((q) => q.isPending))
    return (
      <Stack gap="6">
        {header}
        <Center py="16">
          <Spinner aria-label={words.loading} />
        </Center>
      </Stack>
    );
  if (failed.length === 0) return null;
  return (
    <Stack gap="6">
      {header}
      <LoadError message={words.failed} onRetry={() => void Promise.all(queries.map((q) => q.refetch()))} retrying={failed.some((q) => q.isFetching)} />
    </Stack>
  );
}
