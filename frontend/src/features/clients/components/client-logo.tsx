import { Avatar } from '@chakra-ui/react';
import { clientInitials } from '@shared/client-rules';
import type { Client } from '@shared/clients';

/**
 * The client's logo, or its initials while the logo loads, when there is none, or when it fails to
 * load (a user-supplied URL: only ever rendered, never fetched by our server).
 */
export function ClientLogo({ client, size = 'lg' }: { client: Pick<Client, 'name' | 'logo_url'>; size?: 'sm' | 'md' | 'lg' | 'xl' }) {
  return (
    <Avatar.Root size={size} shape="rounded" colorPalette="brand" variant="subtle">
      <Avatar.Fallback data-testid="client-initials">{clientInitials(client.name)}</Avatar.Fallback>
      {client.logo_url ? <Avatar.Image src={client.logo_url} alt={`${client.name} logo`} referrerPolicy="no-referrer" /> : null}
    </Avatar.Root>
  );
}
