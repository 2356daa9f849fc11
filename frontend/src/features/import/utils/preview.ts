import { checkImportRow, IMPORT_MSG, withAllowance, type ImportContext, type ImportRow, type RowCheck } from '@shared/import';

/** A row as the preview shows it: its cells and the shared check's verdict (the server checks again). */
export interface PreviewRow extends ImportRow {
  check: RowCheck;
}

export function previewRows(rows: readonly ImportRow[], ctx: ImportContext, allowance: { remaining: number; limit: number }): PreviewRow[] {
  return withAllowance(
    rows.map((r) => ({ ...r, check: checkImportRow(r.fields, ctx) })),
    allowance.remaining,
    allowance.limit,
  );
}

/** Saves text as a file through a temporary link (the template and the error report). */
export function downloadText(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * A CSV's text and, when it is not UTF-8, a warning. Spreadsheets on Windows save "CSV" in the
 * system's code page (Windows-1252 in Western Europe and the Americas), and read as UTF-8 its
 * accented letters would silently turn into replacement characters: such a file is read as
 * Windows-1252 instead, and the page says so, so the user checks the preview before scheduling.
 */
export async function readCsvFile(file: Blob): Promise<{ text: string; warning: string | null }> {
  const bytes = await readBytes(file);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), warning: null };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), warning: IMPORT_MSG.notUtf8 };
  }
}

function readBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(file);
  });
}

/** A file's text (FileReader: every browser, and the test DOM, which has no Blob.text). */
export function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}
