import { Badge, HStack, List, Text } from '@chakra-ui/react';
import type { BestTime } from '@shared/analytics';
import { BEST_TIMES_NOT_YET } from '@shared/analytics-rules';
import { formatCount, userLocale } from '@/lib/number-format';
import { zoneLabel } from '@/lib/time';
import { Section } from './section';

// weekday 0 = Monday (shared/analytics.ts); 2024-01-01 was a Monday.
function weekdayName(weekday: number): string {
  return new Intl.DateTimeFormat(userLocale(), { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + weekday)));
}

function hourRange(hour: number): string {
  const format = new Intl.DateTimeFormat(userLocale(), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  return `${format.format(new Date(Date.UTC(2024, 0, 1, hour)))}–${format.format(new Date(Date.UTC(2024, 0, 1, hour + 1)))}`;
}

/** The weekday × hour cells where the user's own posts earned the most per post (Pro), best first. */
export function BestTimes({ cells, timezone }: { cells: BestTime[]; timezone: string }) {
  const top = cells.slice(0, 5);
  return (
    <Section
      title="Best times to post"
      description={`Engagements per post by when it went out, in your timezone (${zoneLabel(timezone)}).`}
      testId="best-times"
    >
      {top.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          {BEST_TIMES_NOT_YET}
        </Text>
      ) : (
        <List.Root as="ol" gap="2" ps="5">
          {top.map((cell) => (
            <List.Item key={`${cell.weekday}-${cell.hour}`}>
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="medium">
                  {weekdayName(cell.weekday)}, {hourRange(cell.hour)}
                </Text>
                <Badge variant="subtle" colorPalette="brand">
                  {formatCount(Math.round(cell.engagements_per_post))} engagements per post
                </Badge>
                <Text textStyle="xs" color="fg.muted">
                  {cell.posts === 1 ? '1 post' : `${formatCount(cell.posts)} posts`}
                </Text>
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Section>
  );
}
