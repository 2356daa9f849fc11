import { Card, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The card a public link page shows (an invitation, a client connect link): an icon, the page's one
 * heading, and what the link offers, centred by the page around it.
 */
export function LinkCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card.Root w="full" maxW="md" variant="outline" bg="bg.panel" shadow="lg" rounded="2xl">
      <Card.Header gap="2">
        <Text color="brand.fg" fontSize="2xl" aria-hidden>
          {icon}
        </Text>
        <Heading as="h1" textStyle="2xl" letterSpacing="tight">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
