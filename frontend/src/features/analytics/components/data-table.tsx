import { Box, chakra } from '@chakra-ui/react';
import { formatCount } from '@/lib/number-format';

interface DataTableProps {
  caption: string;
  /** The first column (a date, a time). */
  rowHeader: string;
  columns: Array<{ key: string; label: string }>;
  rows: Array<{ id: string; label: string; values: Record<string, string | number | null | undefined> }>;
}

// Plain elements styled here: Chakra's Table recipe is not in the app's design system (components/ui/system.ts),
// and this page is its only table.
const Th = chakra('th', { base: { px: '3', py: '2', fontWeight: 'medium', color: 'fg.muted', textAlign: 'end', whiteSpace: 'nowrap', bg: 'bg.subtle' } });
const Td = chakra('td', { base: { px: '3', py: '1.5', textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } });

/** A chart's numbers as a table (the accessible fallback, and what "Show as table" shows). */
export function DataTable({ caption, rowHeader, columns, rows }: DataTableProps) {
  return (
    // Scrolls when long: focusable, so a keyboard can scroll it too.
    <Box overflowX="auto" maxH="96" overflowY="auto" borderWidth="1px" borderColor="border.muted" rounded="md" tabIndex={0} role="region" aria-label={caption}>
      <chakra.table w="full" textStyle="sm" borderCollapse="collapse">
        <chakra.caption srOnly>{caption}</chakra.caption>
        <chakra.thead position="sticky" top="0" zIndex="1">
          <tr>
            <Th scope="col" textAlign="start">
              {rowHeader}
            </Th>
            {columns.map((c) => (
              <Th key={c.key} scope="col">
                {c.label}
              </Th>
            ))}
          </tr>
        </chakra.thead>
        <tbody>
          {rows.map((row) => (
            <chakra.tr key={row.id} borderTopWidth="1px" borderColor="border.muted">
              <Td as="th" scope="row" textAlign="start" fontWeight="normal">
                {row.label}
              </Td>
              {columns.map((c) => {
                const value = row.values[c.key];
                return <Td key={c.key}>{typeof value === 'number' ? formatCount(value) : '–'}</Td>;
              })}
            </chakra.tr>
          ))}
        </tbody>
      </chakra.table>
    </Box>
  );
}
