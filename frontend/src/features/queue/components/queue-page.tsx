import { Button, Card, Center, HStack, Separator, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { QUEUE_DEFAULT_DAYS } from '@shared/queue';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PlatformIcon } from '@/components/platform-icon';
import { paths } from '@/config/paths';
import { zoneLabel } from '@/lib/time';
import { useMoveInQueue, useQueueSchedules, useRemoveFromQueue, useSaveQueueSchedule, useUpcomingQueue } from '../api/queue';
import { UpcomingSlots } from './upcoming-slots';
import { WeeklySlotsEditor } from './weekly-slots-editor';

/** /home/queue (issue 16 item 2, docs/queue.md): per account, its weekly posting times and its next two weeks of slots. */
export function QueuePage() {
  const schedules = useQueueSchedules();
  const queue = useUpcomingQueue(QUEUE_DEFAULT_DAYS);
  const save = useSaveQueueSchedule();
  const move = useMoveInQueue();
  const remove = useRemoveFromQueue();
  const [deleting, setDeleting] = useState<string | null>(null);
  const busy = move.isPending || remove.isPending;

  const header = <PageHeader title="Queue" description="Give each account its weekly posting times; “Add to queue” in Compose fills the next free one." />;
  if (schedules.isPending || queue.isPending) {
    return (
      <Stack gap="6">
        {header}
        <Center py="16">
          <Spinner aria-label="Loading the queue" />
        </Center>
      </Stack>
    );
  }
  if (schedules.isError || queue.isError) {
    return (
      <Stack gap="6">
        {header}
        <LoadError
          message="Couldn't load your queue"
          retrying={schedules.isFetching || queue.isFetching}
          onRetry={() => void Promise.all([schedules.refetch(), queue.refetch()])}
        />
      </Stack>
    );
  }
  const zone = queue.data.timezone;
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
        queue.data.accounts.map((account) => {
          const slots = schedules.data.items.find((s) => s.social_account_id === account.social_account_id);
          return (
            <Card.Root key={account.social_account_id} variant="outline" rounded="xl" bg="bg.panel" data-testid="queue-account">
              <Card.Header pb="0">
                <HStack gap="2">
                  <PlatformIcon platform={account.platform} />
                  <Card.Title textStyle="md">{account.account_name}</Card.Title>
                </HStack>
              </Card.Header>
              <Card.Body gap="5">
                <Stack gap="2">
                  <Text fontWeight="semibold" textStyle="sm">
                    Posting times
                  </Text>
                  <WeeklySlotsEditor
                    key={slots?.updated_at ?? 'none'}
                    accountName={account.account_name}
                    slots={slots?.slots ?? []}
                    zoneLabel={zoneLabel(zone)}
                    saving={save.isPending && save.variables?.accountId === account.social_account_id}
                    onSave={(next) => save.mutate({ accountId: account.social_account_id, slots: next })}
                  />
                </Stack>
                <Separator />
                <Stack gap="2">
                  <Text fontWeight="semibold" textStyle="sm">
                    Next {QUEUE_DEFAULT_DAYS} days
                  </Text>
                  <UpcomingSlots
                    account={account}
                    zone={zone}
                    busy={busy}
                    onMove={(postId, to) => move.mutate({ post_id: postId, to })}
                    onRemove={(postId, to) => (to === 'delete' ? setDeleting(postId) : remove.mutate({ postId, to }))}
                  />
                </Stack>
              </Card.Body>
            </Card.Root>
          );
        })
      )}
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
