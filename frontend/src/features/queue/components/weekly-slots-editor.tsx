import { Button, HStack, IconButton, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { WEEKDAYS, WEEKDAY_NAMES, sortSlots, weeklySlotsProblem, type QueueSlot, type Weekday } from '@shared/queue-rules';
import { ToggleChip } from '@/components/toggle-chip';

const WORKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];
const sameSlots = (a: readonly QueueSlot[], b: readonly QueueSlot[]) => JSON.stringify(sortSlots(a)) === JSON.stringify(sortSlots(b));

/** 09:00 → 9:00 AM, as the rest of the app shows times. */
function clockLabel(time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The account's times, one row per time of day with the days it runs on. */
function byTime(slots: readonly QueueSlot[]): [string, Set<Weekday>][] {
  const rows = new Map<string, Set<Weekday>>();
  for (const { day, time } of slots) rows.set(time, (rows.get(time) ?? new Set<Weekday>()).add(day));
  return [...rows.entries()].sort(([a], [b]) => a.localeCompare(b));
}

interface WeeklySlotsEditorProps {
  accountName: string;
  slots: readonly QueueSlot[];
  zoneLabel: string;
  saving: boolean;
  onSave: (slots: QueueSlot[]) => void;
}

/**
 * One account's weekly posting times (docs/queue.md): a row per time of day, the days it runs on as
 * toggles; a new time starts on Monday to Friday. The rules the API applies are checked before saving.
 */
export function WeeklySlotsEditor({ accountName, slots, zoneLabel, saving, onSave }: WeeklySlotsEditorProps) {
  const [draft, setDraft] = useState<QueueSlot[]>(() => sortSlots(slots));
  const [newTime, setNewTime] = useState('09:00');
  const rows = byTime(draft);
  const problem = weeklySlotsProblem(draft);
  const taken = rows.some(([time]) => time === newTime);

  const toggle = (time: string, day: Weekday) =>
    setDraft((current) =>
      current.some((s) => s.time === time && s.day === day)
        ? current.filter((s) => !(s.time === time && s.day === day))
        : sortSlots([...current, { day, time }]),
    );

  return (
    <Stack gap="3" data-testid="weekly-slots-editor">
      {rows.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          No posting times yet: add them below.
        </Text>
      ) : (
        rows.map(([time, days]) => (
          // The chips are named by what they show ("Wed"), as speech input needs (axe
          // label-content-name-mismatch); the group says which time they are for.
          <HStack key={time} gap="2" wrap="wrap" role="group" aria-label={`${clockLabel(time)} posting time`}>
            <Text fontWeight="medium" fontVariantNumeric="tabular-nums" minW="16" textStyle="sm">
              {clockLabel(time)}
            </Text>
            <Wrap gap="1" flex="1">
              {WEEKDAYS.map((day) => (
                <ToggleChip key={day} size="2xs" minW="9" pressed={days.has(day)} title={WEEKDAY_NAMES[day]} onClick={() => toggle(time, day)}>
                  {WEEKDAY_NAMES[day].slice(0, 3)}
                </ToggleChip>
              ))}
            </Wrap>
            <IconButton size="xs" variant="ghost" aria-label={`Remove ${time}`} onClick={() => setDraft((current) => current.filter((s) => s.time !== time))}>
              <LuTrash2 />
            </IconButton>
          </HStack>
        ))
      )}
      <HStack gap="2" wrap="wrap">
        <Input
          type="time"
          size="sm"
          maxW="32"
          aria-label={`New posting time for ${accountName}`}
          value={newTime}
          onChange={(e) => setNewTime(e.target.value)}
        />
        <Button
          size="sm"
          variant="outline"
          disabled={!newTime || taken}
          onClick={() => setDraft((current) => sortSlots([...current, ...WORKDAYS.map((day) => ({ day, time: newTime }))]))}
        >
          <LuPlus /> Add time
        </Button>
        <Text textStyle="xs" color="fg.muted">
          Times are in your {zoneLabel} timezone.
        </Text>
      </HStack>
      {problem ? (
        <Text textStyle="sm" color="fg.error" role="alert">
          {problem}
        </Text>
      ) : null}
      <Button
        alignSelf="start"
        size="sm"
        colorPalette="brand"
        loading={saving}
        disabled={!!problem || sameSlots(draft, slots)}
        onClick={() => onSave(sortSlots(draft))}
      >
        Save posting times
      </Button>
    </Stack>
  );
}
