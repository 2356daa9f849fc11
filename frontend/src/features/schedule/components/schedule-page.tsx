import { Box, Button, Grid, HStack, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuGlobe } from 'react-icons/lu';
import { SCHEDULED_IN_PAST_MESSAGE } from '@shared/statuses';
import { PageHeader } from '@/components/page-header';
import { ClientSelect } from '@/components/client-select';
import { toaster } from '@/components/ui/toaster';
import { useMe } from '@/lib/api/me';
import { userTimezone, zoneLabel } from '@/lib/time';
import { useCalendarPosts } from '../api/get-calendar-posts';
import { useReschedulePost } from '../api/reschedule-post';
import {
  periodRange,
  periodTitle,
  postsByDay,
  rescheduledIso,
  stepAnchor,
  todayIn,
  visibleDays,
  type CalendarDay,
  type CalendarView,
  type DropTarget,
} from '../utils/calendar-dates';
import { summarizePeriod, summaryText } from '../utils/period-summary';
import { CalendarToolbar } from './calendar-toolbar';
import { DayPanel } from './day-panel';
import { PostDragProvider } from './drag-and-drop';
import { MonthGrid } from './month-grid';
import { TimeGrid } from './time-grid';

/** /home/schedule (docs/product-rules.md#schedule-calendar). */
export function SchedulePage() {
  const me = useMe();
  // Until settings arrive the zone is unknown: fetching a period in the browser's zone would be wrong.
  const zone = me.isPending ? null : userTimezone(me.data?.settings.timezone);
  return (
    <Stack gap="6">
      <PageHeader title="Schedule" description="Everything going out, by day, week or month. Drag a scheduled post to move it." />
      {zone ? <ScheduleCalendar zone={zone} /> : <Skeleton height="96" rounded="xl" />}
    </Stack>
  );
}

function ScheduleCalendar({ zone }: { zone: string }) {
  const [view, setView] = useState<CalendarView>('month');
  const [chosenDay, setChosenDay] = useState<CalendarDay | null>(null);
  // Agency mode: show one client's posts ('' = all).
  const [clientId, setClientId] = useState('');
  const today = todayIn(zone);
  // The selected day also anchors the period: the picker, Today and prev/next all move it.
  const selected = chosenDay ?? today;

  const days = useMemo(() => visibleDays(view, selected), [view, selected]);
  const range = useMemo(() => periodRange(days, zone), [days, zone]);
  const calendar = useCalendarPosts(range, clientId);
  const reschedule = useReschedulePost();

  const allPosts = useMemo(() => calendar.data ?? [], [calendar.data]);
  const byDay = useMemo(() => postsByDay(allPosts, zone), [allPosts, zone]);
  // Previous-period data stays on screen while the next loads; count only what falls in this period.
  const periodPosts = useMemo(() => days.flatMap((day) => byDay.get(day) ?? []), [days, byDay]);

  const handleDrop = (postId: string, target: DropTarget) => {
    const post = allPosts.find((p) => p.id === postId);
    if (!post || post.status !== 'scheduled' || !post.scheduled_at) return;
    const scheduledAt = rescheduledIso(post.scheduled_at, target, zone);
    if (Date.parse(scheduledAt) === Date.parse(post.scheduled_at)) return;
    if (Date.parse(scheduledAt) <= Date.now()) {
      toaster.error({ title: 'Error updating post', description: SCHEDULED_IN_PAST_MESSAGE });
      return;
    }
    reschedule.mutate({ id: post.id, scheduledAt });
  };

  const gridProps = { today, selected, postsByDay: byDay, zone, onSelect: setChosenDay };

  return (
    <PostDragProvider onDropPost={handleDrop}>
      <Stack gap="4">
        <ClientSelect value={clientId} onChange={setClientId} emptyLabel="All clients" />
        <CalendarToolbar
          view={view}
          title={periodTitle(view, selected)}
          anchor={selected}
          onViewChange={setView}
          onStep={(direction) => setChosenDay(stepAnchor(view, selected, direction))}
          onToday={() => setChosenDay(today)}
          onJump={setChosenDay}
        />
        <HStack justify="space-between" wrap="wrap" gap="2">
          {calendar.isError ? (
            <HStack gap="3">
              <Text textStyle="sm" color="fg.error">
                Could not load the calendar: {calendar.error.message}
              </Text>
              <Button size="xs" variant="outline" onClick={() => void calendar.refetch()}>
                Try again
              </Button>
            </HStack>
          ) : calendar.data ? (
            <HStack gap="2">
              <Text textStyle="sm" fontWeight="medium" data-testid="period-summary">
                {summaryText(summarizePeriod(periodPosts))}
              </Text>
              {calendar.isPlaceholderData ? <Spinner size="xs" color="fg.muted" aria-label="Loading" /> : null}
            </HStack>
          ) : (
            <Skeleton height="5" width="80" />
          )}
          <HStack gap="1" color="fg.muted" textStyle="xs">
            <LuGlobe aria-hidden />
            <Text>Times in {zoneLabel(zone)}</Text>
          </HStack>
        </HStack>
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 340px' }} gap="6" alignItems="start">
          <Box minW="0">{view === 'month' ? <MonthGrid days={days} anchor={selected} {...gridProps} /> : <TimeGrid days={days} {...gridProps} />}</Box>
          <DayPanel day={selected} posts={byDay.get(selected) ?? []} zone={zone} />
        </Grid>
      </Stack>
    </PostDragProvider>
  );
}
