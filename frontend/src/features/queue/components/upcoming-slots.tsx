import { Badge, Box, HStack, IconButton, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { LuFileText, LuTrash2 } from 'react-icons/lu';
import type { QueueSlotView } from '@shared/queue';
import { formatInZone } from '@/lib/time';

interface UpcomingSlotsProps {
  slots: QueueSlotView[];
  zone: string;
  busy: boolean;
  onMove: (postId: string, to: string) => void;
  onRemove: (postId: string, to: 'draft' | 'delete') => void;
}

/** A queued post's ways out: back to Drafts (no time), or deleted (after a confirmation). */
const REMOVALS = [
  { to: 'draft', label: 'Back to Drafts', icon: LuFileText, palette: 'gray' },
  { to: 'delete', label: 'Delete post', icon: LuTrash2, palette: 'red' },
] as const;

const dayOf = (iso: string, zone: string) => formatInZone(iso, zone, 'EEE, MMM d');

/**
 * The account's (or client's) next slots, by day: a filled slot shows its post with Move (to another slot; a post
 * already there swaps), back to Drafts, and Delete; an empty slot says so.
 */
export function UpcomingSlots({ slots, zone, busy, onMove, onRemove }: UpcomingSlotsProps) {
  if (slots.length === 0) {
    return (
      <Text textStyle="sm" color="fg.muted" data-testid="queue-empty">
        No posting times yet: add them above.
      </Text>
    );
  }
  const days = [...new Set(slots.map((s) => dayOf(s.at, zone)))];
  return (
    <Stack gap="4" data-testid="upcoming-slots">
      {days.map((day) => (
        <Stack key={day} gap="1.5">
          <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
            {day}
          </Text>
          {slots
            .filter((slot) => dayOf(slot.at, zone) === day)
            .map((slot) => {
              const time = formatInZone(slot.at, zone, 'h:mm a');
              return (
                <HStack
                  key={slot.at}
                  gap="3"
                  px="3"
                  py="2"
                  borderWidth="1px"
                  borderStyle={slot.post ? 'solid' : 'dashed'}
                  rounded="lg"
                  align="center"
                  wrap="wrap"
                  data-testid="queue-slot"
                  data-filled={slot.post ? 'true' : 'false'}
                >
                  <Text fontVariantNumeric="tabular-nums" fontWeight="medium" minW="16" textStyle="sm">
                    {time}
                  </Text>
                  {slot.post ? (
                    <>
                      <Box flex="1" minW="40">
                        <Text textStyle="sm" lineClamp={2}>
                          {slot.post.title ?? slot.post.caption}
                        </Text>
                        {slot.post.platforms.length > 1 ? (
                          <Badge size="xs" variant="subtle" mt="1">
                            Also on {slot.post.platforms.length - 1} more
                          </Badge>
                        ) : null}
                      </Box>
                      <HStack gap="1">
                        <NativeSelect.Root size="xs" w="36" disabled={busy}>
                          <NativeSelect.Field
                            aria-label={`Move the ${day} ${time} post`}
                            value=""
                            onChange={(e) => e.currentTarget.value && onMove(slot.post!.id, e.currentTarget.value)}
                          >
                            <option value="">Move to…</option>
                            {slots
                              .filter((other) => other.at !== slot.at)
                              .map((other) => (
                                <option key={other.at} value={other.at}>
                                  {/* With the date: the queue spans two weeks, so "Mon 9:00 AM" alone names two slots. */}
                                  {formatInZone(other.at, zone, 'EEE, MMM d, h:mm a')}
                                  {other.post ? ' (swap)' : ''}
                                </option>
                              ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                        {REMOVALS.map(({ to, label, icon: Icon, palette }) => (
                          <IconButton
                            key={to}
                            size="xs"
                            variant="ghost"
                            colorPalette={palette}
                            aria-label={label}
                            title={label}
                            disabled={busy}
                            onClick={() => onRemove(slot.post!.id, to)}
                          >
                            <Icon />
                          </IconButton>
                        ))}
                      </HStack>
                    </>
                  ) : (
                    <Text textStyle="sm" color="fg.muted" flex="1">
                      Empty slot
                    </Text>
                  )}
                </HStack>
              );
            })}
        </Stack>
      ))}
    </Stack>
  );
}
