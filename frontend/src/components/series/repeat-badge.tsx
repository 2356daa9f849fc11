import { Badge, HStack, Text } from '@chakra-ui/react';
import { LuRepeat, LuTriangleAlert } from 'react-icons/lu';
import type { PostSeriesLink } from '@shared/recurrence';
import { useSeries } from '@/lib/api/series';

/** The repeat mark on a post's card or calendar chip (docs/recurring-posts.md): an occurrence of a series, or one edited on its own. */
export function RepeatBadge({ series, compact = false }: { series: PostSeriesLink | null | undefined; compact?: boolean }) {
  if (!series) return null;
  const label = series.detached ? 'Edited occurrence' : `Repeats · #${series.index + 1}`;
  return (
    <Badge
      colorPalette="teal"
      variant="subtle"
      data-testid="repeat-badge"
      title={series.detached ? 'Edited on its own; the series goes on without it' : 'Part of a recurring series'}
    >
      <LuRepeat aria-hidden />
      {compact ? <Text srOnly>{label}</Text> : label}
    </Badge>
  );
}

/** The series' summary and, when it is paused (plan allowance used up, an account disconnected), why: never a silent stop. */
export function SeriesLine({ series }: { series: PostSeriesLink | null | undefined }) {
  const query = useSeries(series && !series.detached ? series.id : null);
  if (!series || series.detached || !query.data) return null;
  const { summary, status, notice, missed } = query.data;
  const paused = status === 'paused';
  return (
    <HStack gap="1.5" align="flex-start" textStyle="xs" color={paused ? 'fg.warning' : 'fg.muted'} data-testid="series-line">
      {paused ? <LuTriangleAlert aria-hidden /> : <LuRepeat aria-hidden />}
      <Text>
        {summary}
        {status === 'ended' ? ' (ended)' : ''}
        {paused && notice ? `. Paused: ${notice}` : ''}
        {missed.length > 0 ? ` ${missed.length} ${missed.length === 1 ? 'time was' : 'times were'} missed.` : ''}
      </Text>
    </HStack>
  );
}
