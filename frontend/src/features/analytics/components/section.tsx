import { Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface SectionProps {
  title: string;
  description?: string;
  /** Controls at the end of the title row (a toggle, a download button). */
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** One widget of the Analytics page: a card with a heading the page's outline lists. */
export function Section({ title, description, actions, children, testId }: SectionProps) {
  return (
    <Card.Root as="section" variant="outline" bg="bg.panel" rounded="xl" aria-label={title} data-testid={testId}>
      <Card.Body p={{ base: '4', md: '5' }} gap="4">
        <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Stack gap="0.5" minW="0">
            <Heading as="h2" textStyle="lg">
              {title}
            </Heading>
            {description ? (
              <Text textStyle="sm" color="fg.muted">
                {description}
              </Text>
            ) : null}
          </Stack>
          {actions}
        </HStack>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
