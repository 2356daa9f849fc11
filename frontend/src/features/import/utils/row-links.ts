import { IMPORT_MSG, mediaLinksOf, type ImportResponse, type ImportResult, type ImportRow } from '@shared/import';

/** Links fetched at once: a few overlapping fetches, well inside the route's 200 a user per ten minutes. */
export const LINKS_AT_ONCE = 4;

interface LinkFetcher {
  /** POST /api/media/from-url: the server fetches the link into the user's media. */
  fetchLink: (url: string) => Promise<{ id: string }>;
  /** DELETE /api/media/{id}: a fetched file its row will not use. */
  remove: (id: string) => Promise<unknown>;
}

const failed = (row: number, reason: string): ImportResult => ({ row, status: 'failed', post_id: null, reason });

/**
 * Sends a chunk whose rows may list media_urls (docs/bulk-import.md#media-from-a-link): each row's links are
 * fetched into the user's media first (a few rows at once) and their ids appended to the row's media_ids.
 * A link that cannot be fetched fails only its row, with the server's reason; files fetched for a row that
 * is then not scheduled (a failed link, a refusal, a chunk refused whole) are deleted, so nothing is left over.
 */
export async function sendWithLinks(
  rows: readonly ImportRow[],
  send: (rows: ImportRow[]) => Promise<ImportResponse>,
  api: LinkFetcher,
): Promise<ImportResponse> {
  const fetched = new Map<number, string[]>();
  const refused: ImportResult[] = [];
  const ready: (ImportRow | null)[] = rows.map(() => null);
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const i = next++;
      const { row, fields } = rows[i];
      const links = mediaLinksOf(fields);
      if (links.length === 0) {
        ready[i] = rows[i];
        continue;
      }
      const ids: string[] = [];
      fetched.set(row, ids);
      try {
        for (const link of links) {
          try {
            ids.push((await api.fetchLink(link)).id);
          } catch (error) {
            throw new Error(IMPORT_MSG.badLink(link, error instanceof Error ? error.message : String(error)), { cause: error });
          }
        }
        const { media_urls: _, ...rest } = fields;
        ready[i] = { row, fields: { ...rest, media_ids: [fields.media_ids ?? '', ...ids].filter(Boolean).join(';') } };
      } catch (error) {
        refused.push(failed(row, error instanceof Error ? error.message : String(error)));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(LINKS_AT_ONCE, rows.length) }, lane));
  const toSend = ready.filter((r): r is ImportRow => r !== null);
  const discard = (rowNumbers: number[]) => Promise.allSettled(rowNumbers.flatMap((row) => (fetched.get(row) ?? []).map((id) => api.remove(id))));
  let answer: ImportResponse;
  try {
    answer = toSend.length > 0 ? await send(toSend) : { results: [] };
  } catch (error) {
    await discard([...fetched.keys()]);
    throw error;
  }
  await discard([...refused, ...answer.results.filter((r) => r.status === 'failed')].map((r) => r.row));
  const byRow = new Map([...answer.results, ...refused].map((r) => [r.row, r]));
  return { results: rows.map((r) => byRow.get(r.row) ?? failed(r.row, IMPORT_MSG.rowNotSent)) };
}
