import { Badge, Box, Button, ButtonGroup, HStack, IconButton, Table, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import type { PreviewRow } from '../utils/preview';

export const PAGE_SIZE = 50;
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
        <ButtonGroup size="xs" variant="outline" attached>
          {(['all', 'valid', 'invalid'] as const).map((f) => (
            <Button key={f} onClick={() => choose(f)} variant={filter === f ? 'solid' : 'outline'} aria-pressed={filter === f}>
              {f === 'all' ? 'All rows' : f === 'valid' ? 'Valid' : 'Invalid'}
            </Button>
          ))}
        </ButtonGroup>
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
      <Table.ScrollArea borderWidth="1px" rounded="lg">
        <Table.Root size="sm" aria-label="Import preview">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="12">Row</Table.ColumnHeader>
              <Table.ColumnHeader minW="36">When</Table.ColumnHeader>
              <Table.ColumnHeader minW="32">Platforms</Table.ColumnHeader>
              <Table.ColumnHeader minW="56">Caption</Table.ColumnHeader>
              <Table.ColumnHeader minW="56">Status</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {slice.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={5}>
                  <Text color="fg.muted" py="4" textAlign="center">
                    No {filter} rows.
                  </Text>
                </Table.Cell>
              </Table.Row>
            ) : (
              slice.map((r) => (
                <Table.Row key={r.row} data-testid="preview-row">
                  <Table.Cell>{r.row}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    {r.fields.date} {r.fields.time}
                  </Table.Cell>
                  <Table.Cell>{r.fields.platforms}</Table.Cell>
                  <Table.Cell>
                    <Text lineClamp={2} maxW="sm">
                      {r.fields.caption || Object.entries(r.fields).find(([k, v]) => k.startsWith('caption_') && v)?.[1] || '—'}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    {r.check.ok ? (
                      <Badge colorPalette="green">Valid</Badge>
                    ) : (
                      <HStack align="flex-start" gap="2">
                        <Badge colorPalette="red" flexShrink={0}>
                          Invalid
                        </Badge>
                        <Text textStyle="sm" color="fg.error">
                          {r.check.reason}
                        </Text>
                      </HStack>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))
            )}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}
