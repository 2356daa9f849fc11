import { namedFiles, type ImportFileContext, type ImportMediaFile, type ImportRow } from '@shared/import';

/**
 * A chunk's uploads (the request's `media_files`): every upload of this import that its rows' `media`
 * columns name, once, by the same shared rule the preview and the server apply (the server copies each
 * file for each row). A row's links (`media_urls`) are a separate step: utils/row-links.ts.
 */
export function chunkMediaFiles(rows: readonly ImportRow[], files: readonly ImportFileContext[]): ImportMediaFile[] {
  const all = rows.flatMap((row) => {
    const named = namedFiles(row.fields.media, files);
    return 'files' in named ? named.files.map(({ id, name }) => ({ id, name })) : [];
  });
  return [...new Map(all.map((f) => [f.id, f])).values()];
}
