import { Badge, Button, Card, Field, HStack, IconButton, Input, Separator, Stack, Text } from '@chakra-ui/react';
import { LuCalendarClock, LuFileText, LuX } from 'react-icons/lu';
import { PLATFORM_NAMES, type Platform } from '@shared/platforms';
import { formatInZone, isoToLocalInput, localInputToIso, zoneLabel } from '@/lib/time';

/** How the chosen time is read back to the user (spec §2: 'Will post at {time} in {zone} timezone'). */
export const SCHEDULE_CONFIRM_FORMAT = 'MMM d, yyyy h:mm a';

interface ScheduleCardProps {
  zone: string;
  value: string;
  onChange: (value: string) => void;
  now: Date;
  platforms: Platform[];
  targetCount: number;
  mediaCount: number;
  uploading: boolean;
  submitting: boolean;
}

/** The schedule field, a summary of what will be sent, and the submit button. */
export function ScheduleCard(props: ScheduleCardProps) {
  const { zone, value, onChange, now, platforms, targetCount, mediaCount, uploading, submitting } = props;
  const scheduledIso = value ? safeIso(value, zone) : null;
  const scheduled = scheduledIso !== null;

  return (
    <Card.Root variant="outline" rounded="xl" bg="bg.panel">
      <Card.Header pb="0">
        <Card.Title textStyle="md">Schedule</Card.Title>
        <Card.Description textStyle="sm">Leave empty to save a draft.</Card.Description>
      </Card.Header>
      <Card.Body gap="4">
        <Field.Root>
          <Field.Label>Publish time</Field.Label>
          <HStack w="full" gap="2">
            <Input
              type="datetime-local"
              aria-label="Schedule time"
              value={value}
              min={isoToLocalInput(now.toISOString(), zone)}
              onChange={(event) => onChange(event.target.value)}
            />
            {value ? (
              <IconButton variant="ghost" size="sm" aria-label="Clear schedule time" onClick={() => onChange('')}>
                <LuX />
              </IconButton>
            ) : null}
          </HStack>
          <Field.HelperText data-testid="schedule-helper">
            {scheduledIso
              ? `Will post at ${formatInZone(scheduledIso, zone, SCHEDULE_CONFIRM_FORMAT)} in ${zoneLabel(zone)} timezone`
              : `Times are in your ${zoneLabel(zone)} timezone.`}
          </Field.HelperText>
        </Field.Root>

        <Separator />

        <Stack gap="2.5" textStyle="sm" data-testid="compose-summary">
          <HStack justify="space-between">
            <Text color="fg.muted">Status</Text>
            <Badge colorPalette={scheduled ? 'purple' : 'gray'} variant="subtle">
              {scheduled ? 'Scheduled' : 'Draft'}
            </Badge>
          </HStack>
          <HStack justify="space-between" align="start">
            <Text color="fg.muted">Platforms</Text>
            <Text textAlign="end">{platforms.length ? platforms.map((p) => PLATFORM_NAMES[p]).join(', ') : 'None yet'}</Text>
          </HStack>
          <HStack justify="space-between">
            <Text color="fg.muted">Accounts</Text>
            <Text>{targetCount}</Text>
          </HStack>
          <HStack justify="space-between">
            <Text color="fg.muted">Media</Text>
            <Text>
              {mediaCount} {mediaCount === 1 ? 'file' : 'files'}
            </Text>
          </HStack>
        </Stack>

        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          w="full"
          loading={submitting}
          loadingText={scheduled ? 'Scheduling…' : 'Saving…'}
          disabled={uploading}
        >
          {scheduled ? <LuCalendarClock /> : <LuFileText />}
          {scheduled ? 'Schedule Post' : 'Save Draft'}
        </Button>
        {uploading ? (
          <Text textStyle="xs" color="fg.muted" textAlign="center">
            Waiting for uploads to finish…
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

/** A half-typed datetime-local value is not a time yet. */
function safeIso(value: string, zone: string): string | null {
  try {
    const iso = localInputToIso(value, zone);
    return Number.isNaN(Date.parse(iso)) ? null : iso;
  } catch {
    return null;
  }
}
