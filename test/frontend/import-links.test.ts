import { describe, expect, it } from 'vitest';
import { IMPORT_MSG, type ImportResponse, type ImportRow } from '@shared/import';
import { sendWithLinks } from '@/features/import/utils/row-links';

/** docs/bulk-import.md#media-from-a-link: a row's media_urls become media ids just before it is sent, and nothing fetched is left over. */
const anApi = (refuse: Record<string, string> = {}) => {
  const fetched: string[] = [];
  const removed: string[] = [];
  let n = 0;
  return {
    fetched,
    removed,
    fetchLink: async (url: string) => {
      if (refuse[url]) throw new Error(refuse[url]);
      fetched.push(url);
      return { id: `med-${++n}` };
    },
    remove: async (id: string) => void removed.push(id),
  };
};
const aRow = (row: number, fields: Record<string, string> = {}): ImportRow => ({
  row,
  fields: { date: '2026-12-01', time: '09:30', platforms: 'instagram', ...fields },
});
const scheduleAll = async (rows: ImportRow[]): Promise<ImportResponse> => ({
  results: rows.map((r) => ({ row: r.row, status: 'scheduled', post_id: `p${r.row}`, reason: null })),
});

describe('sending import rows with media links', () => {
  it('fetches each link, sends its id in media_ids after the row’s own ids, and no longer sends the links', async () => {
    const api = anApi();
    const sent: ImportRow[] = [];

    const answer = await sendWithLinks(
      [aRow(1, { media_urls: 'https://a.example/1.jpg;https://a.example/2.jpg', media_ids: 'med-old' }), aRow(2, { caption: 'text only' })],
      async (rows) => {
        sent.push(...rows);
        return scheduleAll(rows);
      },
      api,
    );

    expect(sent.map((r) => r.fields.media_ids)).toEqual(['med-old;med-1;med-2', undefined]);
    expect(sent.every((r) => !('media_urls' in r.fields))).toBe(true);
    expect(answer.results.map((r) => r.status)).toEqual(['scheduled', 'scheduled']);
    expect(api.removed).toEqual([]);
  });

  it('fails only the row whose link cannot be fetched, with the link and the server’s reason, and deletes what that row fetched', async () => {
    const api = anApi({ 'https://a.example/gone.jpg': 'The server at a.example answered 404.' });
    const sent: number[] = [];

    const answer = await sendWithLinks(
      [aRow(1, { media_urls: 'https://a.example/ok.jpg; https://a.example/gone.jpg' }), aRow(2, { media_urls: 'https://a.example/fine.jpg' })],
      async (rows) => {
        sent.push(...rows.map((r) => r.row));
        return scheduleAll(rows);
      },
      api,
    );

    expect(sent).toEqual([2]);
    expect(answer.results).toEqual([
      { row: 1, status: 'failed', post_id: null, reason: IMPORT_MSG.badLink('https://a.example/gone.jpg', 'The server at a.example answered 404.') },
      { row: 2, status: 'scheduled', post_id: 'p2', reason: null },
    ]);
    expect(api.removed).toEqual(['med-1']);
  });

  it('deletes the files of a row the server refuses, and every fetched file when the chunk is refused whole', async () => {
    const api = anApi();
    const refuseRow1 = async (rows: ImportRow[]): Promise<ImportResponse> => ({
      results: rows.map((r) =>
        r.row === 1 ? { row: 1, status: 'failed', post_id: null, reason: 'Limit' } : { row: r.row, status: 'scheduled', post_id: 'p', reason: null },
      ),
    });

    await sendWithLinks([aRow(1, { media_urls: 'https://a.example/1.jpg' }), aRow(2, { media_urls: 'https://a.example/2.jpg' })], refuseRow1, api);
    expect(api.removed).toEqual(['med-1']);

    const again = anApi();
    const refused = sendWithLinks(
      [aRow(1, { media_urls: 'https://a.example/1.jpg' }), aRow(2, { media_urls: 'https://a.example/2.jpg' })],
      () => Promise.reject(new Error('Too many requests')),
      again,
    );
    await expect(refused).rejects.toThrow('Too many requests');
    expect(again.removed.sort()).toEqual(['med-1', 'med-2']);
  });
});
