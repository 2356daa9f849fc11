import { Button, Card, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { LuClipboardCheck, LuLink, LuPencil, LuTrash2 } from 'react-icons/lu';
import type { Client } from '@shared/clients';
import { formatInZone } from '@/lib/time';
import { ClientLogo } from './client-logo';

interface ClientCardProps {
  client: Client;
  zone: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Admin and Owner: opens the client's connect links. */
  onConnectLink?: (() => void) | undefined;
  /** Editor and above: opens the client's review links. */
  onReviewLink?: (() => void) | undefined;
}

export function ClientCard({ client, zone, onEdit, onDelete, onConnectLink, onReviewLink }: ClientCardProps) {
  return (
    <Card.Root data-testid="client-card" variant="outline">
      <Card.Body gap="4">
        <HStack gap="4" align="center">
          <ClientLogo client={client} />
          <Stack gap="0.5" flex="1" minW="0">
            <Text fontWeight="semibold" truncate title={client.name}>
              {client.name}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              {`Added ${formatInZone(client.created_at, zone, 'MMM d, yyyy')}`}
            </Text>
          </Stack>
          <HStack gap="1" flexShrink={0}>
            <IconButton aria-label={`Edit ${client.name}`} variant="ghost" size="sm" onClick={onEdit}>
              <LuPencil />
            </IconButton>
            <IconButton aria-label={`Delete ${client.name}`} variant="ghost" size="sm" colorPalette="red" onClick={onDelete}>
              <LuTrash2 />
            </IconButton>
          </HStack>
        </HStack>
        {onConnectLink || onReviewLink ? (
          // The links are what an agency sends its client: named in words, on their own row, so the
          // client's name above keeps the card's width.
          <HStack gap="2" wrap="wrap">
            {onConnectLink ? (
              <Button aria-label={`Connect link for ${client.name}`} variant="outline" size="xs" onClick={onConnectLink}>
                <LuLink aria-hidden /> Connect link
              </Button>
            ) : null}
            {onReviewLink ? (
              <Button aria-label={`Review link for ${client.name}`} variant="outline" size="xs" onClick={onReviewLink}>
                <LuClipboardCheck aria-hidden /> Review link
              </Button>
            ) : null}
          </HStack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
