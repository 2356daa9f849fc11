import { Button, Center, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { CLIENT_MSG } from '@shared/client-rules';
import type { Client } from '@shared/clients';
import { PageHeader } from '@/components/page-header';
import { useMe } from '@/lib/api/me';
import { useCurrentWorkspace } from '@/lib/api/workspaces';
import { userTimezone } from '@/lib/time';
import { useDeleteClient, usePendingClientDeletes } from '../api/delete-client';
import { useClients } from '@/lib/api/clients';
import { ClientCard } from './client-card';
import { ClientFormDialog, ConnectLinkDialog, ReviewLinkDialog } from './deferred-dialogs';

/** /home/clients (docs/product-rules.md#clients, agency mode): a card grid, newest first; add, edit, delete without confirmation but with Undo. */
export function ClientsPage() {
  const clients = useClients();
  const { data: me } = useMe();
  const zone = userTimezone(me?.settings.timezone);
  const remove = useDeleteClient();
  const deleting = usePendingClientDeletes();
  const shown = clients.data?.filter((client) => !deleting.has(client.id));
  const [dialog, setDialog] = useState<{ open: boolean; client?: Client }>({ open: false });
  const [linkFor, setLinkFor] = useState<Client | null>(null);
  // Connecting accounts is an Admin's; so is sending a client the link to do it.
  const workspace = useCurrentWorkspace();
  const mayConnect = workspace.can('admin');
  // Deciding on posts is an Editor's; so is asking a client to.
  const mayAskForReview = workspace.can('editor');
  const [reviewFor, setReviewFor] = useState<Client | null>(null);

  return (
    <Stack gap="6">
      <HStack justify="space-between" align="flex-start" gap="4" wrap="wrap">
        <PageHeader title="Clients" description="The brands and businesses you manage." />
        <Button colorPalette="brand" onClick={() => setDialog({ open: true })}>
          <LuPlus /> Add Client
        </Button>
      </HStack>

      {clients.isPending ? (
        <Center py="16">
          <Spinner />
        </Center>
      ) : clients.isError ? (
        <Text color="fg.error">{clients.error.message}</Text>
      ) : !shown?.length ? (
        <Center py="16" borderWidth="1px" borderStyle="dashed" borderRadius="l3">
          <Text color="fg.muted">{CLIENT_MSG.empty}</Text>
        </Center>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          {shown.map((client) => (
            <ClientCard
              key={client.id}
              client={client}
              zone={zone}
              onEdit={() => setDialog({ open: true, client })}
              onDelete={() => remove(client)}
              onConnectLink={mayConnect ? () => setLinkFor(client) : undefined}
              onReviewLink={mayAskForReview ? () => setReviewFor(client) : undefined}
            />
          ))}
        </SimpleGrid>
      )}

      <ClientFormDialog
        key={dialog.client?.id ?? 'new'}
        client={dialog.client}
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
      {reviewFor ? <ReviewLinkDialog key={reviewFor.id} client={reviewFor} zone={zone} open onOpenChange={(open) => !open && setReviewFor(null)} /> : null}
      {linkFor ? <ConnectLinkDialog key={linkFor.id} client={linkFor} zone={zone} open onOpenChange={(open) => !open && setLinkFor(null)} /> : null}
    </Stack>
  );
}
