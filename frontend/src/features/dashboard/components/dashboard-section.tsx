import { Button, Card, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuArrowRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';

interface DashboardSectionProps {
  title: string;
  /** "View all" target. */
  to: string;
  loading: boolean;
  error: boolean;
  /** Skeleton rows while loading. */
  rows: number;
  children: ReactNode;
}

/** A titled card of the dashboard with its loading and error states. */
export function DashboardSection({ title, to, loading, error, rows, children }: DashboardSectionProps) {
  const id = `dashboard-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Card.Root as="section" variant="outline" bg="bg.panel" rounded="xl" aria-labelledby={id} data-testid={id}>
      <Card.Header pb="2">
        <HStack justify="space-between" gap="3">
          <Heading as="h2" id={id} textStyle="md" fontWeight="semibold">
            {title}
          </Heading>
          <Button asChild size="xs" variant="ghost" colorPalette="gray">
            <RouterLink to={to}>
              View all <LuArrowRight />
            </RouterLink>
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body pt="2">
        {loading ? (
          <Stack gap="3" role="status" aria-label={`Loading ${title}`}>
            {Array.from({ length: rows }, (_, i) => (
              <HStack key={i} gap="3">
                <Skeleton boxSize="12" rounded="lg" flexShrink={0} />
                <Stack flex="1" gap="2">
                  <Skeleton h="4" w="80%" />
                  <Skeleton h="3" w="40%" />
                </Stack>
              </HStack>
            ))}
          </Stack>
        ) : error ? (
          <Text textStyle="sm" color="fg.muted" role="alert">
            Couldn't load your posts.
          </Text>
        ) : (
          children
        )}
      </Card.Body>
    </Card.Root>
  );
}

export function EmptySection({ text }: { text: string }) {
  return (
    <Text textStyle="sm" color="fg.muted" py="6" textAlign="center">
      {text}
    </Text>
  );
}
