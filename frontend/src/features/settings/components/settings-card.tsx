import { Card, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One titled card of a settings tab. */
export function SettingsCard({ title, description, children, tone }: { title: string; description?: string; children: ReactNode; tone?: 'danger' }) {
  return (
    <Card.Root variant="outline" borderColor={tone === 'danger' ? 'border.error' : undefined} maxW="2xl">
      <Card.Header gap="1">
        <Heading as="h2" size="md" color={tone === 'danger' ? 'fg.error' : undefined}>
          {title}
        </Heading>
        {description ? (
          <Text textStyle="sm" color="fg.muted">
            {description}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
