import { Badge, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { PlatformTotals } from '@shared/analytics';
import { PLATFORM_NAMES } from '@shared/platforms';
import { PlatformIcon } from '@/components/platform-icon';
import { formatChange, formatCount } from '@/lib/number-format';
import { changeRatio, previousOf } from '../lib/series';

const FIGURES = [
  { key: 'published', label: 'Published' },
  { key: 'failed', label: 'Failed' },
  { key: 'views', label: 'Views' },
  { key: 'engagements', label: 'Engagements' },
] as const;

/** "+12%" against the previous period (Pro); "New" when there was nothing before. */
function Change({ now, before }: { now: number; before: number }) {
  const ratio = changeRatio(now, before);
  if (ratio === null) {
    return now > 0 ? (
      <Badge size="sm" variant="subtle" colorPalette="green">
        New
      </Badge>
    ) : null;
  }
  const palette = ratio > 0 ? 'green' : ratio < 0 ? 'red' : 'gray';
  return (
    <Badge size="sm" variant="subtle" colorPalette={palette} title="Against the previous period">
      {formatChange(ratio)}
    </Badge>
  );
}

/** Per platform: posts published and failed, views and engagements (every plan), with the change against the previous period (Pro). */
export function TotalsCards({ totals, previous }: { totals: PlatformTotals[]; previous: PlatformTotals[] | null }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4" as="ul" listStyleType="none">
      {totals.map((t) => {
        const before = previousOf(previous, t.platform);
        return (
          <Card.Root as="li" key={t.platform} variant="outline" bg="bg.panel" rounded="xl" data-testid={`totals-${t.platform}`}>
            <Card.Body p="4" gap="3">
              <HStack gap="2" fontWeight="semibold">
                <PlatformIcon platform={t.platform} />
                <Text as="h2">{PLATFORM_NAMES[t.platform]}</Text>
              </HStack>
              <SimpleGrid as="dl" columns={2} gap="3">
                {FIGURES.map(({ key, label }) => (
                  <Stack key={key} gap="0.5">
                    <Text as="dt" textStyle="xs" color="fg.muted">
                      {label}
                    </Text>
                    <HStack as="dd" gap="1.5" wrap="wrap">
                      <Text textStyle="xl" fontWeight="semibold" data-testid={`${t.platform}-${key}`}>
                        {formatCount(t[key])}
                      </Text>
                      {previous && key !== 'failed' ? <Change now={t[key]} before={before?.[key] ?? 0} /> : null}
                    </HStack>
                  </Stack>
                ))}
              </SimpleGrid>
            </Card.Body>
          </Card.Root>
        );
      })}
    </SimpleGrid>
  );
}
