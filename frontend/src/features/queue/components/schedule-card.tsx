import { Card, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { QueueSlotView } from '@shared/queue';
import { QUEUE_DEFAULT_DAYS, type QueueSlot } from '@shared/queue-rules';
import { UpcomingSlots } from './upcoming-slots';
import { WeeklySlotsEditor } from './weekly-slots-editor';

interface ScheduleCardProps {
  /** The account's or client's name, also the editor's label. */
  name: string;
  /** Shown before the name: the platform icon, or the client's logo. */
  icon: ReactNode;
  testId: string;
  week: { slots: QueueSlot[]; updated_at: string | null } | undefined;
  upcoming: QueueSlotView[];
  zone: string;
  zoneLabel: string;
  saving: boolean;
  busy: boolean;
  onSave: (slots: QueueSlot[]) => void;
  onMove: (postId: string, to: string) => void;
  onRemove: (postId: string, to: 'draft' | 'delete') => void;
}

/** One week of posting times (an account's, or in agency mode a client's) and its next slots, filled or empty. */
export function ScheduleCard({ name, icon, testId, week, upcoming, zone, zoneLabel, saving, busy, onSave, onMove, onRemove }: ScheduleCardProps) {
  return (
    <Card.Root variant="outline" rounded="xl" bg="bg.panel" data-testid={testId}>
      <Card.Header pb="0">
        <HStack gap="2">
          {icon}
          <Card.Title textStyle="md">{name}</Card.Title>
        </HStack>
      </Card.Header>
      <Card.Body gap="5">
        <Stack gap="2">
          <Text fontWeight="semibold" textStyle="sm">
            Posting times
          </Text>
          <WeeklySlotsEditor
            key={week?.updated_at ?? 'none'}
            accountName={name}
            slots={week?.slots ?? []}
            zoneLabel={zoneLabel}
            saving={saving}
            onSave={onSave}
          />
        </Stack>
        <Separator />
        <Stack gap="2">
          <Text fontWeight="semibold" textStyle="sm">
            Next {QUEUE_DEFAULT_DAYS} days
          </Text>
          <UpcomingSlots slots={upcoming} zone={zone} busy={busy} onMove={onMove} onRemove={onRemove} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
