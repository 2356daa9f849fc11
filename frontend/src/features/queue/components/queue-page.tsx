import { Avatar, Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { QUEUE_DEFAULT_DAYS } from '@shared/queue-rules';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { pageLoadState } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PlatformIcon } from '@/components/platform-icon';
import { paths } from '@/config/paths';
import { zoneLabel } from '@/lib/time';
import { useMoveInQueue, useQueueSchedules, useRemoveFromQueue, useSaveQueueSchedule, useUpcomingQueue } from '../api/queue';
import { ScheduleCard } from './schedule-card';

/** /home/queue (docs/queue.md): per account (and, in agency mode, per client) its weekly posting times and its next two weeks of slots. */
export function QueuePage() {
  const schedules = useQueueSchedules();
  const queue = useUpcomingQueue(QUEUE_DEFAULT_DAYS);
  const save = useSaveQueueSchedule();
  const move = useMoveInQueue();
  const remove = useRemoveFromQueue();
  const [deleting, setDeleting] = useState<string | null>(null);
  const busy = move.isPending || remove.isPending;

  const header = <PageHeader title="Queue" description="Give each account its weekly posting times; “Add to queue” in Compose fills the next free one." />;
  const loadState = pageLoadState(header, [schedules, queue], { loading: 'Loading the queue', failed: "Couldn't load your queue" });
  // (Both have data past this point; the data checks tell TypeScript so.)
  if (loadState || !schedules.data || !queue.data) return loadState;
  const zone = queue.data.timezone;
  const common = {
    zone,
    zoneLabel: zoneLabel(zone),
    busy,
    onMove: (postId: string, to: string) => move.mutate({ post_id: postId, to }),
    onRemove: (postId: string, to: 'draft' | 'delete') => (to === 'delete' ? setDeleting(postId) : remove.mutate({ postId, to })),
  };
  const isSaving = (kind: 'account' | 'client', id: string) => save.isPending && save.variables?.kind === kind && save.variables.id === id;
  return (
    <Stack gap="6">
      {header}
      {queue.data.accounts.length === 0 ? (
        <Center py="16" borderWidth="1px" borderStyle="dashed" borderRadius="l3" flexDirection="column" gap="3" textAlign="center" px="4">
          <Text color="fg.muted">Connect an account to give it posting times.</Text>
          <Button asChild size="sm" colorPalette="brand">
            <Link to={paths.app.platforms.getHref()}>Connect an account</Link>
          </Button>
        </Center>
      ) : (
        queue.data.accounts.map((account) => (
          <ScheduleCard
            key={account.social_account_id}
            {...common}
            name={account.account_name}
            icon={<PlatformIcon platform={account.platform} />}
            testId="queue-account"
            week={schedules.data.items.find((s) => s.social_account_id === account.social_account_id)}
            upcoming={account.slots}
            saving={isSaving('account', account.social_account_id)}
            onSave={(slots) => save.mutate({ kind: 'account', id: account.social_account_id, slots })}
          />
        ))
      )}
      {queue.data.clients.length > 0 ? (
        <Stack gap="4" as="section" aria-labelledby="client-schedules">
          <Stack gap="1">
            <Heading as="h2" id="client-schedules" textStyle="lg">
              Clients
            </Heading>
            <Text textStyle="sm" color="fg.muted">
              A client with posting times of its own fills them first: “Add to queue” for that client’s post uses the client’s next free time instead of its
              accounts’.
            </Text>
          </Stack>
          {queue.data.clients.map((client) => (
            <ScheduleCard
              key={client.client_id}
              {...common}
              name={client.name}
              icon={
                <Avatar.Root size="2xs" colorPalette="brand">
                  <Avatar.Fallback name={client.name} />
                </Avatar.Root>
              }
              testId="queue-client"
              week={schedules.data.clients.find((s) => s.client_id === client.client_id)}
              upcoming={client.slots}
              saving={isSaving('client', client.client_id)}
              onSave={(slots) => save.mutate({ kind: 'client', id: client.client_id, slots })}
            />
          ))}
        </Stack>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this post?"
        description="It leaves the queue and is deleted with its media. This cannot be undone."
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ postId: deleting, to: 'delete' }, { onSettled: () => setDeleting(null) })}
      />
    </Stack>
  );
}
