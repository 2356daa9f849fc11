import { Badge, Box, chakra, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import type { Post } from '@shared/posts';
import { postStatusColor } from '@shared/statuses';
import { formatDay, isInMonth, type CalendarDay } from '../utils/calendar-dates';
import { DropZone } from './drag-and-drop';
import { PostChip } from './post-chip';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const CHIPS_PER_DAY = 3;

interface MonthGridProps {
  days: CalendarDay[];
  anchor: CalendarDay;
  today: CalendarDay;
  selected: CalendarDay;
  postsByDay: Map<CalendarDay, Post[]>;
  zone: string;
  onSelect: (day: CalendarDay) => void;
}

/** Monday-first month grid. Desktop cells list posts as chips; on mobile they shrink to dots. */
export const MonthGrid = memo(function MonthGrid({ days, anchor, today, selected, postsByDay, zone, onSelect }: MonthGridProps) {
  return (
    <Box borderWidth="1px" rounded="xl" overflow="hidden" bg="bg.panel" data-testid="month-grid">
      <Grid templateColumns="repeat(7, minmax(0, 1fr))" bg="bg.muted" borderBottomWidth="1px">
        {WEEKDAYS.map((name) => (
          <Text key={name} textAlign="center" textStyle="xs" fontWeight="semibold" color="fg.muted" py="2" textTransform="uppercase">
            {name}
          </Text>
        ))}
      </Grid>
      <Grid templateColumns="repeat(7, minmax(0, 1fr))">
        {days.map((day, index) => {
          const posts = postsByDay.get(day) ?? [];
          const inMonth = isInMonth(day, anchor);
          const isToday = day === today;
          const isSelected = day === selected;
          const label = `${formatDay(day, 'EEEE, MMMM d, yyyy')}${posts.length ? `, ${posts.length} ${posts.length === 1 ? 'post' : 'posts'}` : ''}`;
          return (
            <DropZone
              key={day}
              target={{ day }}
              data-testid={`month-day-${day}`}
              data-outside-month={inMonth ? undefined : true}
              onClick={() => onSelect(day)}
              cursor="pointer"
              minH={{ base: '14', md: '28' }}
              p={{ base: '1', md: '2' }}
              borderBottomWidth={index < days.length - 7 ? '1px' : undefined}
              borderEndWidth={index % 7 < 6 ? '1px' : undefined}
              bg={isSelected ? 'brand.subtle' : inMonth ? 'bg.panel' : 'bg.subtle'}
              color={inMonth ? 'fg' : 'fg.muted'}
              transition="background 0.15s"
              _hover={{ bg: isSelected ? 'brand.subtle' : 'bg.muted' }}
            >
              <Stack gap="1" align={{ base: 'center', md: 'stretch' }} minW="0">
                <HStack justify="space-between" w="full">
                  <chakra.button
                    type="button"
                    aria-label={label}
                    aria-pressed={isSelected}
                    aria-current={isToday ? 'date' : undefined}
                    onClick={(event) => {
                      event.stopPropagation();
                      onSelect(day);
                    }}
                    display="inline-flex"
                    alignItems="center"
                    justifyContent="center"
                    boxSize="7"
                    rounded="full"
                    textStyle="sm"
                    fontWeight={isToday || isSelected ? 'bold' : 'medium'}
                    bg={isToday ? 'brand.solid' : undefined}
                    color={isToday ? 'brand.contrast' : isSelected ? 'brand.fg' : undefined}
                    mx={{ base: 'auto', md: '0' }}
                    focusVisibleRing="outside"
                  >
                    {formatDay(day, 'd')}
                  </chakra.button>
                  {posts.length > 0 ? (
                    <Badge size="sm" variant="subtle" colorPalette="brand" rounded="full" display={{ base: 'none', md: 'inline-flex' }}>
                      {posts.length}
                    </Badge>
                  ) : null}
                </HStack>
                <Stack gap="1" display={{ base: 'none', md: 'flex' }} minW="0">
                  {posts.slice(0, CHIPS_PER_DAY).map((post) => (
                    <PostChip key={post.id} post={post} zone={zone} />
                  ))}
                  {posts.length > CHIPS_PER_DAY ? (
                    <Text textStyle="xs" color="fg.muted" ps="1">
                      +{posts.length - CHIPS_PER_DAY} more
                    </Text>
                  ) : null}
                </Stack>
                {posts.length > 0 ? (
                  <HStack gap="0.5" display={{ base: 'flex', md: 'none' }} aria-hidden>
                    {posts.slice(0, CHIPS_PER_DAY).map((post) => (
                      <Box key={post.id} boxSize="1.5" rounded="full" bg={`${postStatusColor(post.status)}.solid`} />
                    ))}
                  </HStack>
                ) : null}
              </Stack>
            </DropZone>
          );
        })}
      </Grid>
    </Box>
  );
});
