import { namedFiles, type ImportFileContext, type ImportMediaFile, type ImportRow } from '@shared/import';

/**
 * The media a row carries, resolved just before it is sent: the uploads of this import that its
 * `media` column names, by the same shared rule the preview and the server apply (the server copies
 * each file for the row). This is the one step a further source slots in beside the names (e.g.
 * `media_urls`, each fetched into the user's media with importMediaFromUrl and sent as media_ids).
 */
export async function resolveRowMedia(row: ImportRow, files: readonly ImportFileContext[]): Promise<ImportMediaFile[]> {
  const named = namedFiles(row.fields.media, files);
  return 'files' in named ? named.files.map(({ id, name }) => ({ id, name })) : [];
}

/** A chunk's uploads: every file its rows name, once (the request's `media_files`). */
export async function chunkMediaFiles(rows: readonly ImportRow[], files: readonly ImportFileContext[]): Promise<ImportMediaFile[]> {
  const all = (await Promise.all(rows.map((row) => resolveRowMedia(row, files)))).flat();
  return [...new Map(all.map((f) => [f.id, f])).values()];
}
