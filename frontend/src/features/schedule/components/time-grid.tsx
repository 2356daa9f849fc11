import { Box, chakra, Grid, Stack, Text } from '@chakra-ui/react';
import { memo, useEffect, useRef } from 'react';
import type { Post } from '@shared/posts';
import { formatDay, hourLabel, hourOfInstant, HOURS, type CalendarDay } from '../utils/calendar-dates';
import { DropZone } from './drag-and-drop';
import { PostChip } from './post-chip';

interface TimeGridProps {
  days: CalendarDay[];
  today: CalendarDay;
  selected: CalendarDay;
  postsByDay: Map<CalendarDay, Post[]>;
  zone: string;
  onSelect: (day: CalendarDay) => void;
}

/** Working hours start here; the grid opens scrolled to them (or to an earlier post). */
const FIRST_VISIBLE_HOUR = 7;

/** Week (7 columns, Monday first) or day (1 column) view: one row per hour of the user's zone. */
export const TimeGrid = memo(function TimeGrid({ days, today, selected, postsByDay, zone, onSelect }: TimeGridProps) {
  const single = days.length === 1;
  const columns = `56px repeat(${days.length}, minmax(0, 1fr))`;
  const scrollRef = useRef<HTMLDivElement>(null);

  const cells = new Map<string, Post[]>();
  for (const day of days) {
    for (const post of postsByDay.get(day) ?? []) {
      const key = `${day}|${hourOfInstant(post.scheduled_at!, zone)}`;
      cells.set(key, [...(cells.get(key) ?? []), post]);
    }
  }
  const earliest = Math.min(FIRST_VISIBLE_HOUR, ...[...cells.keys()].map((key) => Number(key.split('|')[1])));
  const daysKey = days.join();

  // Only when the period changes: a refetch must not yank the user's scroll position.
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    if (scrolledFor.current === daysKey) return;
    scrolledFor.current = daysKey;
    const container = scrollRef.current;
    const row = container?.querySelector<HTMLElement>(`[data-hour="${earliest}"]`);
    if (container && row) container.scrollTop = row.offsetTop;
  }, [daysKey, earliest]);

  return (
    <Box borderWidth="1px" rounded="xl" overflow="hidden" bg="bg.panel" data-testid={single ? 'day-grid' : 'week-grid'}>
      <Box overflowX="auto">
        {/* 56px of hours + 7 × 76px: fits the column beside the day panel at 1366 px (it was 720px and scrolled Sunday away). */}
        <Box minW={single ? undefined : '588px'}>
          <Grid templateColumns={columns} bg="bg.muted" borderBottomWidth="1px">
            <Box />
            {days.map((day) => {
              const isToday = day === today;
              const isSelected = day === selected;
              return (
                <chakra.button
                  key={day}
                  type="button"
                  aria-label={formatDay(day, 'EEEE, MMMM d, yyyy')}
                  aria-pressed={isSelected}
                  aria-current={isToday ? 'date' : undefined}
                  onClick={() => onSelect(day)}
                  py="2"
                  display="flex"
                  flexDirection="column"
                  alignItems="center"
                  gap="0.5"
                  bg={isSelected && !single ? 'brand.subtle' : undefined}
                  _hover={{ bg: 'bg.emphasized' }}
                  focusVisibleRing="inside"
                >
                  <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
                    {formatDay(day, 'EEE')}
                  </Text>
                  <Box
                    as="span"
                    display="inline-flex"
                    alignItems="center"
                    justifyContent="center"
                    boxSize="7"
                    rounded="full"
                    fontWeight="bold"
                    bg={isToday ? 'brand.solid' : undefined}
                    color={isToday ? 'brand.contrast' : undefined}
                  >
                    {formatDay(day, 'd')}
                  </Box>
                </chakra.button>
              );
            })}
          </Grid>
          <Box ref={scrollRef} maxH={{ base: '480px', md: '600px' }} overflowY="auto" position="relative">
            {HOURS.map((hour) => (
              <Grid key={hour} templateColumns={columns} data-hour={hour} borderBottomWidth={hour < 23 ? '1px' : undefined} borderColor="border.muted">
                <Text textStyle="xs" color="fg.subtle" textAlign="end" pe="2" pt="1" whiteSpace="nowrap">
                  {hourLabel(hour)}
                </Text>
                {days.map((day) => {
                  const posts = cells.get(`${day}|${hour}`) ?? [];
                  return (
                    <DropZone
                      key={day}
                      target={{ day, hour }}
                      data-testid={`slot-${day}-${hour}`}
                      minH="12"
                      p="1"
                      borderStartWidth="1px"
                      borderColor="border.muted"
                      bg={day === today && !single ? 'brand.subtle/40' : undefined}
                    >
                      <Stack gap="1" minW="0">
                        {posts.map((post) => (
                          <PostChip key={post.id} post={post} zone={zone} showCaption={single} />
                        ))}
                      </Stack>
                    </DropZone>
                  );
                })}
              </Grid>
            ))}
          </Box>
        </Box>
      </Box>
    </Box>
  );
});
