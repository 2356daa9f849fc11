import Papa from 'papaparse';

/**
 * The one way the product writes a CSV a user downloads (the analytics export, the import template
 * and the import's error report). Cells are user text (captions, client names, reasons that quote a
 * cell), and a spreadsheet runs a cell that starts with = + - @, a tab or a carriage return as a
 * formula (=HYPERLINK(...) phoning home, =cmd|... on old Excel). papaparse's `escapeFormulae` puts a
 * single quote before such a text and quotes the cell, which spreadsheets show as text (OWASP "CSV
 * Injection"). Numbers are numbers, never escaped: -3 stays -3. Rows end with CRLF (RFC 4180),
 * the last one too.
 */
export type CsvCell = string | number;

export function csvOf(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return Papa.unparse({ fields: [...header], data: rows.map((row) => [...row]) }, { escapeFormulae: true, newline: '\r\n' }) + '\r\n';
}

const ESCAPED_FORMULA = /^'[=+\-@\t\r]/;

/**
 * A cell of a file the product wrote, as the user typed it: the quote `csvOf` put before a
 * formula-like text is taken off again, so a fixed error report imports its captions unchanged
 * ("- new menu" stays "- new menu", not "'- new menu"). A text that itself starts with a quote and
 * then one of those characters loses that quote too; no caption was seen to need it.
 */
export const csvCellAsWritten = (cell: string): string => (ESCAPED_FORMULA.test(cell) ? cell.slice(1) : cell);
