import { HStack, Text, Wrap } from '@chakra-ui/react';
import { LuChartLine } from 'react-icons/lu';
import { PLATFORM_NAMES } from '@shared/platforms';
import type { PostTargetView } from '@shared/posts';
import { PlatformIcon } from '@/components/platform-icon';
import { formatCount } from '@/lib/number-format';

/** A Posted card's latest views and engagements, per platform that has had them collected. */
export function TargetMetrics({ targets }: { targets: PostTargetView[] }) {
  const measured = targets.filter((t) => t.metrics);
  if (measured.length === 0) return null;
  return (
    <Wrap gap="3" textStyle="sm" color="fg.muted" data-testid="post-metrics" aria-label="Latest metrics">
      <LuChartLine aria-hidden />
      {measured.map((t) => (
        <HStack key={t.id} gap="1.5" title={`${t.account_name} on ${PLATFORM_NAMES[t.platform]}`}>
          <PlatformIcon platform={t.platform} />
          <Text>
            <Text as="span" srOnly>
              {PLATFORM_NAMES[t.platform]}:{' '}
            </Text>
            <Text as="span" color="fg" fontWeight="medium">
              {formatCount(t.metrics!.views)}
            </Text>{' '}
            views ·{' '}
            <Text as="span" color="fg" fontWeight="medium">
              {formatCount(t.metrics!.engagements)}
            </Text>{' '}
            engagements
          </Text>
        </HStack>
      ))}
    </Wrap>
  );
}
