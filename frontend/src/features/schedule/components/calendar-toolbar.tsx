import { Button, Flex, Group, Heading, HStack, IconButton, Input } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { CALENDAR_VIEWS, isCalendarDay, type CalendarDay, type CalendarView } from '../utils/calendar-dates';

interface CalendarToolbarProps {
  view: CalendarView;
  title: string;
  anchor: CalendarDay;
  onViewChange: (view: CalendarView) => void;
  onStep: (direction: 1 | -1) => void;
  onToday: () => void;
  onJump: (day: CalendarDay) => void;
}

/** Previous / Today / next, the period title, the date picker and the Day / Week / Month toggle. */
export function CalendarToolbar({ view, title, anchor, onViewChange, onStep, onToday, onJump }: CalendarToolbarProps) {
  const unit = view === 'day' ? 'day' : view;
  return (
    <Flex gap="3" wrap="wrap" align="center" justify="space-between">
      <HStack gap="2" minW="0">
        <Group attached>
          <IconButton aria-label={`Previous ${unit}`} variant="outline" size="sm" onClick={() => onStep(-1)}>
            <LuChevronLeft />
          </IconButton>
          <Button variant="outline" size="sm" onClick={onToday}>
            Today
          </Button>
          <IconButton aria-label={`Next ${unit}`} variant="outline" size="sm" onClick={() => onStep(1)}>
            <LuChevronRight />
          </IconButton>
        </Group>
        <Heading as="h2" size={{ base: 'md', md: 'lg' }} ms="2" truncate data-testid="period-title" aria-live="polite">
          {title}
        </Heading>
      </HStack>
      <HStack gap="2" wrap="wrap">
        <Input
          type="date"
          size="sm"
          width="auto"
          aria-label="Go to date"
          value={anchor}
          onChange={(event) => {
            if (isCalendarDay(event.target.value)) onJump(event.target.value);
          }}
        />
        <Group attached role="group" aria-label="Calendar view">
          {CALENDAR_VIEWS.map(({ id, label }) => (
            <Button
              key={id}
              size="sm"
              variant={view === id ? 'solid' : 'outline'}
              colorPalette={view === id ? 'brand' : 'gray'}
              aria-pressed={view === id}
              onClick={() => onViewChange(id)}
            >
              {label}
            </Button>
          ))}
        </Group>
      </HStack>
    </Flex>
  );
}
