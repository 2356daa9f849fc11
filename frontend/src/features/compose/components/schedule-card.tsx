import {
  Badge,
  Button,
  Card,
  DatePicker,
  Fieldset,
  HStack,
  IconButton,
  Input,
  InputGroup,
  Portal,
  Separator,
  Stack,
  Text,
  Wrap,
  parseDate,
} from '@chakra-ui/react';
import { datePickerSlotRecipe } from '@chakra-ui/react/theme';
import { useId, type ReactNode } from 'react';
import { LuCalendar, LuCalendarClock, LuFileText, LuSend, LuTrendingUp, LuX } from 'react-icons/lu';
import type { BestTime } from '@shared/analytics';
import { PLATFORM_NAMES, type Platform } from '@shared/platforms';
import { formatInZone, zoneLabel } from '@/lib/time';
import { bestTimeChoices, instantOf, scheduleChoices, todayIn } from './schedule-choices';

/** How the chosen time is read back to the user (docs/product-rules.md#compose: 'Will post at {time} in {zone} timezone'). */
export const SCHEDULE_CONFIRM_FORMAT = 'MMM d, yyyy h:mm a';

/** Said at the field the moment a chosen time is behind the clock (the submit's toast says it again). */
export const SCHEDULE_PASSED_FIELD_MESSAGE = 'This time has already passed. Pick a later one.';

/** A date picked without a time yet gets the morning slot, so the field always holds a whole time. */
const DEFAULT_TIME = '09:00';

/**
 * The calendar's header: Chakra's own names the month/year button "Switch to month view" while it
 * shows "November 2026", and a speech-input user says what they see (WCAG 2.5.3, axe
 * label-content-name-mismatch), so the name starts with the visible text.
 */
/** What DatePicker.RangeText shows: "November 2026", or "2020 - 2029" for the decade. */
const rangeTextOf = ({ start, end }: { start: string; end: string }) => [...new Set([start, end])].filter(Boolean).join(' - ');

function CalendarHeader() {
  return (
    <DatePicker.ViewControl>
      <DatePicker.PrevTrigger />
      <DatePicker.Context>
        {(picker) => (
          <DatePicker.ViewTrigger aria-label={`${rangeTextOf(picker.visibleRangeText)}, choose another ${picker.view === 'day' ? 'month' : 'year'}`}>
            <DatePicker.RangeText />
          </DatePicker.ViewTrigger>
        )}
      </DatePicker.Context>
      <DatePicker.NextTrigger />
    </DatePicker.ViewControl>
  );
}

interface ScheduleCardProps {
  zone: string;
  /** The wall-clock time in `zone` as `yyyy-MM-ddTHH:mm`, or '' for a draft. */
  value: string;
  onChange: (value: string) => void;
  now: Date;
  platforms: Platform[];
  targetCount: number;
  mediaCount: number;
  uploading: boolean;
  submitting: boolean;
  /** The user's best posting times (Pro), best first; offered as quick choices when there are any. */
  bestTimes?: readonly BestTime[];
  /** The Repeat control (recurring posts, docs/recurring-posts.md), under the publish time. */
  repeat?: ReactNode;
  /** A time sends the post for approval rather than scheduling it (docs/approvals.md): the button says so. */
  needsApproval?: boolean;
}

/**
 * The schedule field: a calendar date picker and a time, both read in the user's
 * timezone, quick choices, and a mark on the field when the time has passed; then a summary of what
 * will be sent, and the submit button.
 */
export function ScheduleCard(props: ScheduleCardProps) {
  const { zone, value, onChange, now, platforms, targetCount, mediaCount, uploading, submitting, bestTimes = [], repeat, needsApproval = false } = props;
  const best = bestTimeChoices(now, zone, bestTimes);
  const date = value.slice(0, 10);
  const time = value.slice(11, 16);
  const instant = value ? instantOf(value, zone) : null;
  const scheduled = instant !== null;
  const passed = instant !== null && instant.getTime() <= now.getTime();
  const today = todayIn(now, zone);
  // Two inputs share one legend and one message, so the ids are ours, not a Field's (one control each).
  const helperId = useId();
  const errorId = useId();
  const bestId = useId();
  const describedBy = passed ? `${errorId} ${helperId}` : helperId;

  return (
    <Card.Root variant="outline" rounded="xl" bg="bg.panel">
      <Card.Header pb="0">
        <Card.Title textStyle="md">Schedule</Card.Title>
        <Card.Description textStyle="sm">Leave empty to save a draft.</Card.Description>
      </Card.Header>
      <Card.Body gap="4">
        <Fieldset.Root invalid={passed}>
          <Fieldset.Legend textStyle="sm" fontWeight="medium">
            Publish time
          </Fieldset.Legend>
          <Stack w="full" gap="2">
            <DatePicker.Root
              recipe={datePickerSlotRecipe}
              w="full"
              locale="en-US"
              timeZone={zone}
              min={parseDate(today)}
              value={date ? [parseDate(date)] : []}
              onValueChange={({ value: picked }) => {
                const day = picked[0]?.toString();
                onChange(day ? `${day}T${time || DEFAULT_TIME}` : '');
              }}
            >
              <DatePicker.Control>
                <DatePicker.Input aria-label="Schedule date" placeholder="mm/dd/yyyy" aria-invalid={passed || undefined} aria-describedby={describedBy} />
                <DatePicker.IndicatorGroup>
                  <DatePicker.Trigger aria-label="Open calendar">
                    <LuCalendar />
                  </DatePicker.Trigger>
                </DatePicker.IndicatorGroup>
              </DatePicker.Control>
              <Portal>
                <DatePicker.Positioner>
                  <DatePicker.Content>
                    <DatePicker.View view="day">
                      <CalendarHeader />
                      <DatePicker.DayTable />
                    </DatePicker.View>
                    <DatePicker.View view="month">
                      <CalendarHeader />
                      <DatePicker.MonthTable />
                    </DatePicker.View>
                    <DatePicker.View view="year">
                      <CalendarHeader />
                      <DatePicker.YearTable />
                    </DatePicker.View>
                  </DatePicker.Content>
                </DatePicker.Positioner>
              </Portal>
            </DatePicker.Root>
            <HStack w="full" gap="2">
              <InputGroup flex="1" endAddon={zoneLabel(zone)} endAddonProps={{ maxW: '50%', truncate: true, title: zoneLabel(zone) }}>
                <Input
                  type="time"
                  aria-label="Schedule time"
                  aria-invalid={passed || undefined}
                  aria-describedby={describedBy}
                  value={time}
                  onChange={(event) => {
                    // A half-typed time reads as '' in the browser: keep what was there until it is whole.
                    if (event.target.value) onChange(`${date || today}T${event.target.value}`);
                  }}
                />
              </InputGroup>
              {value ? (
                <IconButton variant="ghost" size="sm" aria-label="Clear schedule time" onClick={() => onChange('')}>
                  <LuX />
                </IconButton>
              ) : null}
            </HStack>
            <Wrap gap="2" aria-label="Quick choices" role="group">
              {scheduleChoices(now, zone).map((choice) => (
                <Button key={choice.label} size="xs" variant="outline" onClick={() => onChange(choice.value)} aria-pressed={value === choice.value}>
                  {choice.label}
                </Button>
              ))}
            </Wrap>
            {best.length ? (
              <Stack gap="1.5" role="group" aria-labelledby={bestId}>
                <Text id={bestId} textStyle="xs" color="fg.muted">
                  Your best times (from your analytics)
                </Text>
                <Wrap gap="2">
                  {best.map((choice) => (
                    <Button
                      key={choice.label}
                      size="xs"
                      variant="subtle"
                      colorPalette="brand"
                      onClick={() => onChange(choice.value)}
                      aria-pressed={value === choice.value}
                    >
                      <LuTrendingUp aria-hidden />
                      {choice.label}
                    </Button>
                  ))}
                </Wrap>
              </Stack>
            ) : null}
          </Stack>
          {passed ? (
            <Fieldset.ErrorText id={errorId} data-testid="schedule-error" mt="0">
              {SCHEDULE_PASSED_FIELD_MESSAGE}
            </Fieldset.ErrorText>
          ) : null}
          <Fieldset.HelperText id={helperId} data-testid="schedule-helper" mt="0">
            {instant && !passed
              ? `Will post at ${formatInZone(instant, zone, SCHEDULE_CONFIRM_FORMAT)} in ${zoneLabel(zone)} timezone`
              : `Times are in your ${zoneLabel(zone)} timezone.`}
          </Fieldset.HelperText>
        </Fieldset.Root>
        {repeat}

        <Separator />

        <Stack gap="2.5" textStyle="sm" data-testid="compose-summary">
          <HStack justify="space-between">
            <Text color="fg.muted">Status</Text>
            <Badge colorPalette={scheduled ? (needsApproval ? 'yellow' : 'purple') : 'gray'} variant="subtle">
              {scheduled ? (needsApproval ? 'Needs approval' : 'Scheduled') : 'Draft'}
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
          loadingText={scheduled ? (needsApproval ? 'Submitting…' : 'Scheduling…') : 'Saving…'}
          disabled={uploading}
        >
          {scheduled ? needsApproval ? <LuSend /> : <LuCalendarClock /> : <LuFileText />}
          {scheduled ? (needsApproval ? 'Submit for approval' : 'Schedule Post') : 'Save Draft'}
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
