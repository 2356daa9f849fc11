import { Skeleton } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import type { LineSeriesChartProps } from './daily-chart';

// recharts (~100 KB) arrives only when a chart is drawn: never for a plan without charts.
const LineSeriesChart = lazy(() => import('./daily-chart'));

export function LazyLineChart(props: LineSeriesChartProps) {
  return (
    <Suspense fallback={<Skeleton h="64" rounded="md" aria-label="Loading the chart" />}>
      <LineSeriesChart {...props} />
    </Suspense>
  );
}
