import { Badge, Dialog, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { PostAnalyticsResponse } from '@shared/analytics';
import { engagementsOf, TIKTOK_PRIVATE_NO_METRICS, type CollectionStatus } from '@shared/analytics-rules';
import { PLATFORM_NAMES } from '@shared/platforms';
import { LoadError } from '@/components/load-error';
import { PlatformIcon } from '@/components/platform-icon';
import { TitledDialog } from '@/components/titled-dialog';
import { userLocale } from '@/lib/number-format';
import { usePostAnalytics } from '../api/get-post-analytics';
import { DataTable } from './data-table';
import { LazyLineChart } from './lazy-chart';

const STATUS_TEXT: Record<CollectionStatus, { label: string; palette: string }> = {
  collecting: { label: 'Still collecting', palette: 'blue' },
  done: { label: 'Final', palette: 'green' },
  gone: { label: 'Deleted on the platform', palette: 'gray' },
  needs_reconnect: { label: 'Reconnect to see analytics', palette: 'orange' },
  // Only TikTok posts end up here: its private posts and inbox drafts.
  private: { label: 'Private post', palette: 'gray' },
};

const COLUMNS = [
  { key: 'views', label: 'Views' },
  { key: 'engagements', label: 'Engagements' },
  { key: 'likes', label: 'Likes' },
  { key: 'comments', label: 'Comments' },
  { key: 'shares', label: 'Shares' },
  { key: 'saves', label: 'Saves' },
];

function formatAt(iso: string, zone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  return new Intl.DateTimeFormat(userLocale(), { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: zone }).format(date);
}

function PlatformHistory({ entry, zone }: { entry: PostAnalyticsResponse['platforms'][number]; zone: string }) {
  const status = STATUS_TEXT[entry.status];
  const rows = entry.snapshots.map((s) => ({ at: s.at, views: s.views ?? 0, engagements: engagementsOf(s) }));
  const name = PLATFORM_NAMES[entry.platform];
  return (
    <Stack gap="3" data-testid={`history-${entry.platform}`}>
      <HStack gap="2">
        <PlatformIcon platform={entry.platform} />
        <Text as="h3" fontWeight="semibold">
          {name}
        </Text>
        <Badge size="sm" variant="subtle" colorPalette={status.palette}>
          {status.label}
        </Badge>
      </HStack>
      {entry.status === 'private' ? (
        <Text textStyle="sm" color="fg.muted">
          {TIKTOK_PRIVATE_NO_METRICS}.
        </Text>
      ) : entry.snapshots.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          No readings yet: the first comes about an hour after publishing.
        </Text>
      ) : (
        <>
          {entry.snapshots.length > 1 ? (
            <LazyLineChart
              rows={rows}
              xKey="at"
              series={[
                { key: 'views', label: 'Views', color: 'brand.solid' },
                { key: 'engagements', label: 'Engagements', color: 'teal.solid' },
              ]}
              label={`Views and engagements on ${name} over time`}
              formatX={(at) => formatAt(at, zone)}
            />
          ) : null}
          <DataTable
            caption={`Readings on ${name}`}
            rowHeader="Read at"
            columns={COLUMNS}
            rows={entry.snapshots.map((s) => ({ id: s.at, label: formatAt(s.at, zone), values: { ...s, engagements: engagementsOf(s) } }))}
          />
        </>
      )}
    </Stack>
  );
}

function PanelBody({ postId, zone }: { postId: string; zone: string }) {
  const query = usePostAnalytics(postId);
  if (query.isPending) {
    return (
      <HStack justify="center" py="10">
        <Spinner aria-label="Loading the post's metrics" />
      </HStack>
    );
  }
  if (query.isError) {
    return <LoadError message="Couldn't load this post's metrics" onRetry={() => void query.refetch()} retrying={query.isFetching} py="8" />;
  }
  return (
    <Stack gap="6">
      {query.data.platforms.map((entry) => (
        <PlatformHistory key={entry.platform} entry={entry} zone={zone} />
      ))}
    </Stack>
  );
}

/** One post's metrics over time, per platform (Basic and up). */
export interface PostPanelProps {
  postId: string | null;
  caption: string;
  zone: string;
  onClose: () => void;
}

export function PostPanel({ postId, caption, zone, onClose }: PostPanelProps) {
  return (
    <TitledDialog
      title={caption ? `“${caption.length > 60 ? `${caption.slice(0, 60).trimEnd()}…` : caption}”` : 'Post metrics'}
      open={postId !== null}
      onOpenChange={(open) => (open ? null : onClose())}
    >
      <Dialog.Body pb="6">{postId ? <PanelBody postId={postId} zone={zone} /> : null}</Dialog.Body>
    </TitledDialog>
  );
}
