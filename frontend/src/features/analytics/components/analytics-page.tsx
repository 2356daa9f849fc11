import { Button, Card, HStack, SimpleGrid, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload, LuSquarePen } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { AnalyticsFeature, AnalyticsResponse } from '@shared/analytics';
import { ClientSelect } from '@/components/client-select';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useAgencyView } from '@/lib/api/clients';
import { useDownloadExport } from '../api/download-export';
import { useAnalytics } from '../api/get-analytics';
import { BestTimes } from './best-times';
import { DailySection, formatDay } from './daily-section';
import { LockedPreview } from './locked-preview';
import { PeriodPicker } from './period-picker';
import { ReconnectNotice } from './reconnect-notice';
import { TopPosts } from './top-posts';
import { TotalsCards } from './totals-cards';

function LoadingSkeleton() {
  return (
    <Stack gap="4" aria-busy="true" aria-label="Loading analytics" data-testid="analytics-loading">
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h="36" rounded="xl" />
        ))}
      </SimpleGrid>
      <Skeleton h="72" rounded="xl" />
    </Stack>
  );
}

function EmptyState({ days }: { days: number }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" rounded="xl" data-testid="analytics-empty">
      <Card.Body alignItems="center" textAlign="center" gap="3" py="10">
        <Text fontWeight="semibold">No published posts in the last {days} days yet</Text>
        <Text textStyle="sm" color="fg.muted" maxW="md">
          Once your posts go out, their views and engagements appear here, collected from each platform over the following days.
        </Text>
        <Button asChild size="sm" colorPalette="brand">
          <RouterLink to={paths.app.compose.getHref()}>
            <LuSquarePen aria-hidden />
            Compose a post
          </RouterLink>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

/** The locked views worth showing: client reports only to an agency, the per-post panel only beside top posts. */
function lockedToShow(data: AnalyticsResponse, agency: boolean): AnalyticsFeature[] {
  return data.locked.filter((feature) => {
    if (feature === 'client_reports') return agency;
    if (feature === 'post_history') return !data.locked.includes('top_posts');
    return true;
  });
}

function Report({ data, agency }: { data: AnalyticsResponse; agency: boolean }) {
  const published = data.totals.reduce((sum, t) => sum + t.published + t.failed, 0);
  const locked = lockedToShow(data, agency);
  return (
    <Stack gap="6">
      <ReconnectNotice accounts={data.needs_reconnect} />
      <Text textStyle="sm" color="fg.muted" data-testid="analytics-range">
        Posts published {formatDay(data.from, { year: 'numeric', month: 'short', day: 'numeric' })} –{' '}
        {formatDay(data.to, { year: 'numeric', month: 'short', day: 'numeric' })}
      </Text>
      {published === 0 ? (
        <EmptyState days={data.days} />
      ) : (
        <>
          <TotalsCards totals={data.totals} previous={data.previous} />
          {data.daily ? <DailySection points={data.daily} from={data.from} to={data.to} /> : null}
          {data.top_posts ? <TopPosts posts={data.top_posts} zone={data.timezone} withHistory={!data.locked.includes('post_history')} /> : null}
          {data.best_times ? <BestTimes cells={data.best_times} timezone={data.timezone} /> : null}
        </>
      )}
      {locked.length > 0 ? (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" data-testid="locked-views">
          {locked.map((feature) => (
            <LockedPreview key={feature} feature={feature} />
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

/** The Analytics page: what the plan includes of the user's results, and what a higher plan adds. */
export function AnalyticsPage() {
  const [days, setDays] = useState(30);
  const [upsell, setUpsell] = useState<number | null>(null);
  const [clientId, setClientId] = useState('');
  const query = useAnalytics(days, clientId);
  const download = useDownloadExport();
  const data = query.data;
  const agency = useAgencyView();

  function onDownload() {
    download.mutate({ days, clientId }, { onError: () => toaster.error({ title: "Couldn't download the CSV", description: 'Try again in a moment.' }) });
  }

  return (
    <Stack gap="6">
      <PageHeader title="Analytics" description="How your published posts are doing on each platform." />
      <HStack gap="4" wrap="wrap" align="flex-end" justify="space-between">
        <HStack gap="4" wrap="wrap" align="flex-end">
          <PeriodPicker days={days} maxDays={data?.max_days ?? 30} onChange={setDays} upsell={upsell} onUpsell={setUpsell} />
          {data && !data.locked.includes('client_reports') ? (
            <ClientSelect value={clientId} onChange={setClientId} emptyLabel="All clients" label="Client report" />
          ) : null}
          {query.isPlaceholderData ? <Spinner size="sm" aria-label="Updating" /> : null}
        </HStack>
        {data && !data.locked.includes('export') ? (
          <Button size="sm" variant="outline" onClick={onDownload} loading={download.isPending}>
            <LuDownload aria-hidden />
            Download CSV
          </Button>
        ) : null}
      </HStack>
      {query.isPending ? (
        <LoadingSkeleton />
      ) : query.isError ? (
        <LoadError message="Couldn't load your analytics" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <Report data={query.data} agency={agency} />
      )}
    </Stack>
  );
}
