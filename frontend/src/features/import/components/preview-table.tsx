import { Badge, Box, Button, Grid, HStack, IconButton, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import type { PreviewRow } from '../utils/preview';

export const PAGE_SIZE = 50;
const COLUMNS = '2.5rem 9rem 9rem minmax(0, 1.2fr) minmax(0, 1.5fr)';
const captionOf = (fields: Record<string, string>) => fields.caption || Object.entries(fields).find(([k, v]) => k.startsWith('caption_') && v)?.[1] || '—';
type Filter = 'all' | 'valid' | 'invalid';

/** The preview: 50 rows a page (10,000 rows never render at once), filterable to the valid or invalid ones. */
export function PreviewTable({ rows }: { rows: readonly PreviewRow[] }) {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(0);
  const shown = useMemo(() => rows.filter((r) => filter === 'all' || r.check.ok === (filter === 'valid')), [rows, filter]);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const slice = shown.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  const choose = (next: Filter) => {
    setFilter(next);
    setPage(0);
  };

  return (
    <Box>
      <HStack justify="space-between" wrap="wrap" gap="3" mb="3">
        <HStack gap="1">
          {(['all', 'valid', 'invalid'] as const).map((f) => (
            <Button key={f} size="xs" onClick={() => choose(f)} variant={filter === f ? 'solid' : 'outline'} aria-pressed={filter === f}>
              {f === 'all' ? 'All rows' : f === 'valid' ? 'Valid' : 'Invalid'}
            </Button>
          ))}
        </HStack>
        <HStack gap="2">
          <Text textStyle="sm" color="fg.muted" aria-live="polite">
            Page {current + 1} of {pages}
          </Text>
          <IconButton size="xs" variant="outline" aria-label="Previous page" disabled={current === 0} onClick={() => setPage(current - 1)}>
            <LuChevronLeft />
          </IconButton>
          <IconButton size="xs" variant="outline" aria-label="Next page" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            <LuChevronRight />
          </IconButton>
        </HStack>
      </HStack>
      {/* ARIA table roles on a grid: columns on a wide screen, one stacked block per row on a phone. */}
      <Box role="table" aria-label="Import preview" borderWidth="1px" rounded="lg" overflow="hidden">
        <Grid role="row" hideBelow="md" templateColumns={COLUMNS} gap="3" px="3" py="2" bg="bg.muted" textStyle="xs" fontWeight="semibold" color="fg.muted">
          {['Row', 'When', 'Platforms', 'Caption', 'Status'].map((h) => (
            <Box key={h} role="columnheader">
              {h}
            </Box>
          ))}
        </Grid>
        {slice.length === 0 ? (
          <Text color="fg.muted" py="6" textAlign="center">
            No {filter} rows.
          </Text>
        ) : (
          slice.map((r) => (
            <Grid
              key={r.row}
              role="row"
              data-testid="preview-row"
              templateColumns={{ base: 'auto 1fr', md: COLUMNS }}
              columnGap="3"
              rowGap="1"
              px="3"
              py="2.5"
              borderTopWidth="1px"
              textStyle="sm"
              alignItems="start"
            >
              <Box role="cell" color="fg.muted" fontVariantNumeric="tabular-nums">
                {r.row}
              </Box>
              <Box role="cell" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                {r.fields.date} {r.fields.time}
              </Box>
              <Box role="cell" gridColumn={{ base: '2', md: 'auto' }} color={{ base: 'fg.muted', md: 'fg' }} wordBreak="break-word">
                {r.fields.platforms}
              </Box>
              <Box role="cell" gridColumn={{ base: '2', md: 'auto' }} minW="0">
                <Text lineClamp={2}>{captionOf(r.fields)}</Text>
              </Box>
              <Box role="cell" gridColumn={{ base: '2', md: 'auto' }}>
                {r.check.ok ? (
                  <Badge colorPalette="green">Valid</Badge>
                ) : (
                  <HStack align="flex-start" gap="2">
                    <Badge colorPalette="red" flexShrink={0}>
                      Invalid
                    </Badge>
                    <Text color="fg.error">{r.check.reason}</Text>
                  </HStack>
                )}
              </Box>
            </Grid>
          ))
        )}
      </Box>
    </Box>
  );
}
