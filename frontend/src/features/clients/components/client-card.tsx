import { Card, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { LuPencil, LuTrash2 } from 'react-icons/lu';
import type { Client } from '@shared/clients';
import { formatInZone } from '@/lib/time';
import { ClientLogo } from './client-logo';

interface ClientCardProps {
  client: Client;
  zone: string;
  onEdit: () => void;
  onDelete: () => void;
}

export function ClientCard({ client, zone, onEdit, onDelete }: ClientCardProps) {
  return (
    <Card.Root data-testid="client-card" variant="outline">
      <Card.Body>
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
          <HStack gap="1">
            <IconButton aria-label={`Edit ${client.name}`} variant="ghost" size="sm" onClick={onEdit}>
              <LuPencil />
            </IconButton>
            <IconButton aria-label={`Delete ${client.name}`} variant="ghost" size="sm" colorPalette="red" onClick={onDelete}>
              <LuTrash2 />
            </IconButton>
          </HStack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
