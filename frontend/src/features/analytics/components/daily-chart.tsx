import { Chart, useChart } from '@chakra-ui/charts';
import { Box } from '@chakra-ui/react';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, userLocale } from '@/lib/number-format';

export interface LineSeriesChartProps {
  rows: Array<Record<string, string | number | undefined>>;
  /** The x-axis key of each row: a day ("2026-03-14") or an ISO time. */
  xKey: string;
  series: Array<{ key: string; label: string; color: string }>;
  /** What the chart shows, for screen readers (the table fallback has the numbers). */
  label: string;
  formatX: (value: string) => string;
}

/**
 * The charts of the Analytics page (@chakra-ui/charts on recharts). This module is imported lazily:
 * recharts loads only when a chart is shown.
 */
export default function LineSeriesChart({ rows, xKey, series, label, formatX }: LineSeriesChartProps) {
  // Each series brings its own swatch: Chakra's ColorSwatch recipe is not in the app's design system.
  const chart = useChart({
    data: rows,
    series: series.map((s) => ({
      name: s.key,
      label: s.label,
      color: s.color,
      icon: <Box as="span" display="inline-block" boxSize="2" rounded="full" bg={s.color} flexShrink={0} />,
    })),
  });
  return (
    <Chart.Root chart={chart} h="64" role="img" aria-label={label}>
      <LineChart data={chart.data} responsive margin={{ left: 0, right: 8, top: 8 }} accessibilityLayer={false}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis dataKey={xKey} tickFormatter={formatX} stroke={chart.color('border')} tickLine={false} minTickGap={24} />
        <YAxis
          tickFormatter={(value: number) => new Intl.NumberFormat(userLocale(), { notation: 'compact' }).format(value)}
          stroke={chart.color('border')}
          tickLine={false}
          axisLine={false}
          width={44}
          allowDecimals={false}
        />
        <Tooltip
          animationDuration={100}
          cursor={{ stroke: chart.color('border') }}
          content={<Chart.Tooltip formatter={(value: number) => formatCount(value)} />}
          labelFormatter={(value) => formatX(String(value))}
        />
        <Legend content={<Chart.Legend />} />
        {chart.series.map((item) => (
          <Line
            key={item.name}
            type="monotone"
            isAnimationActive={false}
            dataKey={chart.key(item.name)}
            name={String(item.label)}
            stroke={chart.color(item.color)}
            strokeWidth={2}
            dot={false}
          />
        ))}
      </LineChart>
    </Chart.Root>
  );
}
