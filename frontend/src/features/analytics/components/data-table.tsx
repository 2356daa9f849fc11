import { Box, Table } from '@chakra-ui/react';
import { formatCount } from '@/lib/number-format';

interface DataTableProps {
  caption: string;
  /** The first column (a date, a time). */
  rowHeader: string;
  columns: Array<{ key: string; label: string }>;
  rows: Array<{ id: string; label: string; values: Record<string, string | number | null | undefined> }>;
}

/** A chart's numbers as a table (the accessible fallback, and what "Show as table" shows). */
export function DataTable({ caption, rowHeader, columns, rows }: DataTableProps) {
  return (
    <Box overflowX="auto" maxH="96" overflowY="auto" borderWidth="1px" borderColor="border.muted" rounded="md">
      <Table.Root size="sm" stickyHeader>
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{rowHeader}</Table.ColumnHeader>
            {columns.map((c) => (
              <Table.ColumnHeader key={c.key} textAlign="end">
                {c.label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.id}>
              <Table.Cell as="th" scope="row" fontWeight="normal" whiteSpace="nowrap">
                {row.label}
              </Table.Cell>
              {columns.map((c) => {
                const value = row.values[c.key];
                return (
                  <Table.Cell key={c.key} textAlign="end">
                    {typeof value === 'number' ? formatCount(value) : '–'}
                  </Table.Cell>
                );
              })}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
