import { Button, ButtonGroup, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { DailyPoint } from '@shared/analytics';
import { userLocale } from '@/lib/number-format';
import { dailyRows, platformSeries, type DailyMetric } from '../lib/series';
import { DataTable } from './data-table';
import { LazyLineChart } from './lazy-chart';
import { Section } from './section';

const METRIC_LABELS: Record<DailyMetric, string> = { views: 'Views', engagements: 'Engagements' };

export function formatDay(day: string, options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' }): string {
  // A calendar day, not an instant: formatted at noon UTC so no zone moves it.
  const date = new Date(`${day}T12:00:00Z`);
  // The chart's axis may ask about a value that is not a day (recharts' own ticks): shown as is.
  if (Number.isNaN(date.getTime())) return String(day);
  return new Intl.DateTimeFormat(userLocale(), { ...options, timeZone: 'UTC' }).format(date);
}

/** Views or engagements by day, one line per platform (Basic and up), or the same as a table. */
export function DailySection({ points, from, to }: { points: DailyPoint[]; from: string; to: string }) {
  const [metric, setMetric] = useState<DailyMetric>('views');
  const [asTable, setAsTable] = useState(false);
  const { rows, platforms } = dailyRows(points, metric, from, to);
  const series = platformSeries(platforms);
  const title = `${METRIC_LABELS[metric]} by day`;
  const label = `${title} per platform, ${formatDay(from)} to ${formatDay(to)}`;

  return (
    <Section
      title="Views and engagements by day"
      description="By the day each post was published."
      testId="daily"
      actions={
        <HStack gap="2" wrap="wrap">
          <ButtonGroup size="xs" variant="outline" attached role="group" aria-label="Metric">
            {(['views', 'engagements'] as const).map((m) => (
              <Button key={m} aria-pressed={metric === m} variant={metric === m ? 'subtle' : 'outline'} onClick={() => setMetric(m)}>
                {METRIC_LABELS[m]}
              </Button>
            ))}
          </ButtonGroup>
          <Button size="xs" variant="ghost" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
            {asTable ? 'Show as chart' : 'Show as table'}
          </Button>
        </HStack>
      }
    >
      {platforms.length === 0 ? (
        <Text color="fg.muted" textStyle="sm">
          No numbers yet for this period.
        </Text>
      ) : asTable ? (
        <DataTable
          caption={label}
          rowHeader="Day"
          columns={series.map((s) => ({ key: s.key, label: s.label }))}
          // Days without any post are left out of the table; the chart draws them as 0.
          rows={rows
            .filter((row) => points.some((p) => p.date === row.date))
            .map((row) => ({ id: row.date, label: formatDay(row.date, { year: 'numeric', month: 'short', day: 'numeric' }), values: row }))}
        />
      ) : (
        <LazyLineChart rows={rows} xKey="date" series={series} label={label} formatX={(d) => formatDay(d)} />
      )}
    </Section>
  );
}
