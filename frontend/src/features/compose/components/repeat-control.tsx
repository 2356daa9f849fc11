import { Field, HStack, Input, NativeSelect, Stack, Switch, Text, Wrap } from '@chakra-ui/react';
import { LuRepeat } from 'react-icons/lu';
import { MSG } from '@shared/messages';
import type { CreatePostBody } from '@shared/post-bodies';
import {
  describeRepeat,
  MAX_REPEAT_COUNT,
  MAX_REPEAT_INTERVAL,
  REPEAT_MESSAGES,
  RepeatSchema,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type RepeatFrequency,
  type RepeatInput,
  type Weekday,
} from '@shared/recurrence';
import { mondayFirstIndex } from '@shared/weekdays';
import { ToggleChip } from '@/components/toggle-chip';

/** Turning Repeat on starts here: weekly on the start's day, never ending (the most common peer default). */
export const DEFAULT_REPEAT: RepeatInput = { frequency: 'weekly', interval: 1, weekdays: [], end: { type: 'never' } };
const UNITS: Record<RepeatFrequency, string> = { daily: 'day(s)', weekly: 'week(s)', monthly: 'month(s)' };

/** The start's wall-clock parts from the schedule field (`yyyy-MM-ddTHH:mm` in the user's timezone). */
function startOf(scheduleLocal: string): { date: string; time: string; weekday: Weekday } | null {
  if (!scheduleLocal) return null;
  const date = scheduleLocal.slice(0, 10);
  const weekday = WEEKDAYS[mondayFirstIndex(new Date(`${date}T00:00:00Z`))];
  return { date, time: scheduleLocal.slice(11, 16), weekday };
}

/** What stops a repeating post before it is sent, with the API's own messages (docs/recurring-posts.md). */
export function repeatProblem(repeat: RepeatInput | null, body: CreatePostBody): { title: string; message: string } | null {
  if (!repeat) return null;
  if (!body.scheduled_at) return { title: MSG.validationErrorTitle, message: REPEAT_MESSAGES.needsTime };
  const parsed = RepeatSchema.safeParse(repeat);
  if (!parsed.success) return { title: MSG.validationErrorTitle, message: parsed.error.issues[0].message };
  const end = parsed.data.end;
  if (end.type === 'on' && end.date <= (body.scheduled_at ?? '').slice(0, 10))
    return { title: MSG.validationErrorTitle, message: REPEAT_MESSAGES.untilAfterStart };
  return null;
}

/** A whole number from 1 to `max`, with its unit after it ("week(s)", "times"). */
function CountInput({ label, max, value, unit, onChange }: { label: string; max: number; value: number; unit: string; onChange: (value: number) => void }) {
  return (
    <HStack gap="1.5">
      <Input size="sm" type="number" w="5rem" min={1} max={max} aria-label={label} value={value} onChange={(e) => onChange(Number(e.currentTarget.value))} />
      <Text textStyle="sm" color="fg.muted">
        {unit}
      </Text>
    </HStack>
  );
}

interface RepeatControlProps {
  /** null: the post does not repeat. */
  value: RepeatInput | null;
  onChange: (value: RepeatInput | null) => void;
  scheduleLocal: string;
}

/**
 * "Repeat" in Compose's schedule area: daily, weekly on chosen days or monthly,
 * every N (evergreen: "every 3 weeks"), ending never, on a date or after N times, with the summary
 * the series will carry ("Every Monday and Thursday at 09:00, 10 times").
 */
export function RepeatControl({ value, onChange, scheduleLocal }: RepeatControlProps) {
  const start = startOf(scheduleLocal);
  const set = (change: Partial<RepeatInput>) => onChange({ ...(value ?? DEFAULT_REPEAT), ...change });
  const end = value?.end ?? { type: 'never' as const };
  // No days chosen means "the start's day" (the API's rule), so that day shows pressed, and picking
  // another day adds to it instead of silently replacing it.
  const weekdays = value?.weekdays?.length ? value.weekdays : start ? [start.weekday] : [];
  const toggleDay = (day: Weekday) => set({ weekdays: WEEKDAYS.filter((d) => (d === day ? !weekdays.includes(day) : weekdays.includes(d))) });

  return (
    <Stack gap="3" data-testid="repeat-control">
      <Switch.Root colorPalette="brand" checked={value !== null} onCheckedChange={(e) => onChange(e.checked ? DEFAULT_REPEAT : null)}>
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>
          <HStack gap="1.5">
            <LuRepeat aria-hidden />
            Repeat
          </HStack>
        </Switch.Label>
      </Switch.Root>
      {value ? (
        <Stack gap="3" ps={{ base: '0', sm: '2' }}>
          <HStack gap="2" align="end" wrap="wrap">
            <Field.Root flex="1" minW="8rem">
              <Field.Label textStyle="xs">Repeats</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  aria-label="Repeat frequency"
                  value={value.frequency}
                  onChange={(e) => set({ frequency: e.currentTarget.value as RepeatFrequency, weekdays: [] })}
                >
                  <option value="daily">Daily</option>
                  <option value="weekly">Weekly</option>
                  <option value="monthly">Monthly</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root w="auto">
              <Field.Label textStyle="xs">Every</Field.Label>
              <CountInput
                label="Repeat every"
                max={MAX_REPEAT_INTERVAL}
                value={value.interval ?? 1}
                unit={UNITS[value.frequency]}
                onChange={(interval) => set({ interval })}
              />
            </Field.Root>
          </HStack>
          {value.frequency === 'weekly' ? (
            <Wrap gap="1.5" role="group" aria-label="Days of the week">
              {WEEKDAYS.map((day) => (
                // Named by what it shows ("Mon"), as speech input needs; the full name is its title.
                <ToggleChip key={day} size="xs" minW="10" pressed={weekdays.includes(day)} title={WEEKDAY_NAMES[day]} onClick={() => toggleDay(day)}>
                  {WEEKDAY_NAMES[day].slice(0, 3)}
                </ToggleChip>
              ))}
            </Wrap>
          ) : null}
          <HStack gap="2" align="end" wrap="wrap">
            <Field.Root flex="1" minW="8rem">
              <Field.Label textStyle="xs">Ends</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  aria-label="Repeat ends"
                  value={end.type}
                  onChange={(e) => {
                    const type = e.currentTarget.value;
                    set({ end: type === 'after' ? { type, count: 10 } : type === 'on' ? { type, date: start?.date ?? '' } : { type: 'never' } });
                  }}
                >
                  <option value="never">Never</option>
                  <option value="on">On a date</option>
                  <option value="after">After N times</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            {end.type === 'on' ? (
              <Input
                size="sm"
                type="date"
                w="auto"
                aria-label="Repeat until"
                value={end.date}
                onChange={(e) => set({ end: { type: 'on', date: e.currentTarget.value } })}
              />
            ) : null}
            {end.type === 'after' ? (
              <CountInput
                label="Number of times"
                max={MAX_REPEAT_COUNT}
                value={end.count}
                unit="times"
                onChange={(count) => set({ end: { type: 'after', count } })}
              />
            ) : null}
          </HStack>
          <Text textStyle="sm" fontWeight="medium" data-testid="repeat-summary" aria-live="polite">
            {start ? describeRepeat(value, start) : 'Pick a date and time above: the series starts there.'}
          </Text>
          <Text textStyle="xs" color="fg.muted">
            Each time is its own scheduled post, with its own copy of the media, counted in the month it goes out. We schedule a week ahead.
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}
