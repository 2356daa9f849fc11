import { IMPORT_CHUNK_ROWS, IMPORT_MSG, type ImportRequest, type ImportResponse, type ImportResult, type ImportRow } from '@shared/import';

/** Chunks in flight at once: enough to overlap the round trips, few enough to stay inside the route's rate limit. */
export const CHUNKS_AT_ONCE = 2;

/**
 * Sends the rows in chunks of 250 and collects one result per row. A chunk the API refuses whole
 * (a stale timezone, the rate limit, a network error) fails its rows with that message and stops the
 * chunks not yet sent, whose rows fail as not sent; rows already written stay written.
 */
export async function sendInChunks(
  rows: readonly ImportRow[],
  timezone: string,
  send: (body: ImportRequest) => Promise<ImportResponse>,
  onProgress: (done: number) => void,
): Promise<ImportResult[]> {
  const chunks = Array.from({ length: Math.ceil(rows.length / IMPORT_CHUNK_ROWS) }, (_, i) => rows.slice(i * IMPORT_CHUNK_ROWS, (i + 1) * IMPORT_CHUNK_ROWS));
  const results = new Map<number, ImportResult>();
  const failAll = (chunk: readonly ImportRow[], reason: string) => {
    for (const r of chunk) results.set(r.row, { row: r.row, status: 'failed', post_id: null, reason });
  };
  let next = 0;
  let stopped = false;
  let done = 0;
  const lane = async () => {
    while (!stopped && next < chunks.length) {
      const chunk = chunks[next++];
      try {
        const answer = await send({ timezone, rows: chunk.map(({ row, fields }) => ({ row, fields })) });
        for (const r of answer.results) results.set(r.row, r);
      } catch (error) {
        stopped = true;
        failAll(chunk, error instanceof Error ? error.message : String(error));
      }
      done += chunk.length;
      onProgress(done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CHUNKS_AT_ONCE, chunks.length) }, lane));
  return rows.map((r) => results.get(r.row) ?? { row: r.row, status: 'failed', post_id: null, reason: IMPORT_MSG.rowNotSent });
}
