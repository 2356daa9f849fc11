import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_MSG, type ImportRequest } from '@shared/import';
import { TIKTOK_MSG } from '@shared/tiktok';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { anUploadedCake, meResponse, mockApi, shellRoutes, socialAccount } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';
import { FakeXhr, InstantXhr } from './helpers/xhr';
import { aCreatorInfo } from '../helpers/tiktok';

vi.mock('aws-amplify', () => import('./helpers/amplify-mocks').then((m) => m.coreModule));
vi.mock('aws-amplify/auth', () => import('./helpers/amplify-mocks').then((m) => m.authModule));
vi.mock('aws-amplify/utils', () => import('./helpers/amplify-mocks').then((m) => m.utilsModule));
// jsdom reads no video headers: the browser measured a 20 s vertical clip.
vi.mock('@/lib/video-facts', () => ({ readVideoFacts: async () => ({ duration_seconds: 20, width: 1080, height: 1920 }) }));

/** The Import page's "Media for this import" panel, the `media` column's names, and TikTok's consent. */
const FB = '01JQ00000000000000000000FB';
const TT = '01JQ00000000000000000000TT';
const SPRING_ID = '01JQ0000000000000000SPRNG1';
const CLIP_ID = '01JQ00000000000000000CLIP1';
const UPLOAD_URL = 'https://media-bucket.example/upload';
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const CREATOR = aCreatorInfo({ stitch_disabled: true });

function importApi() {
  let confirmed = 0;
  return mockApi({
    ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/London' } }) }),
    'GET /accounts': {
      body: {
        accounts: [
          socialAccount({ id: FB, platform: 'facebook', account_name: 'Bakery Page' }),
          socialAccount({ id: TT, platform: 'tiktok', account_name: 'Ada Bakes' }),
        ],
      },
    },
    'GET /clients': { body: { items: [] } },
    'GET /usage': { body: { month: '2026-11', used: 0, limit: 30, plan: 'pro' } },
    [`GET /accounts/${TT}/tiktok-creator-info`]: { body: CREATOR },
    'POST /media/uploads': { body: { key: 'user-alice/01.png', url: UPLOAD_URL, fields: { key: 'user-alice/01.png' } } },
    // The first file confirmed is spring.png, the second clip.mp4 (the tests upload in that order).
    'POST /media': () =>
      confirmed++ === 0
        ? { status: 201, body: anUploadedCake({ id: SPRING_ID, file_path: 'user-alice/01.png' }) }
        : {
            status: 201,
            body: anUploadedCake({ id: CLIP_ID, file_path: 'user-alice/02.mp4', file_type: 'video/mp4', url: 'https://media-bucket.example/clip' }),
          },
    [`DELETE /media/${SPRING_ID}`]: { status: 204 },
    'POST /posts/import': (call) => ({
      body: {
        results: (call.body as ImportRequest).rows.map((r) => ({
          row: r.row,
          status: 'scheduled',
          post_id: `01JQ000000000000000000P00${r.row}`,
          reason: null,
        })),
      },
    }),
  });
}

async function openImport() {
  signedInAs();
  renderApp('/home/import');
  await screen.findByRole('heading', { name: 'Import', level: 1 });
  await screen.findByTestId('import-media-panel');
}
const chooseCsv = (text: string) =>
  fireEvent.change(screen.getByLabelText('Choose a CSV file'), { target: { files: [new File([text], 'week.csv', { type: 'text/csv' })] } });
const pick = (label: string, file: File) => fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
const statusOf = (caption: string) =>
  within(screen.getAllByTestId('preview-row').find((r) => r.textContent?.includes(caption))!).getAllByRole('cell')[4]!.textContent;

describe('media for an import', () => {
  beforeEach(() => {
    resetAmplifyMocks();
    FakeXhr.instances = [];
  });
  afterEach(() => vi.unstubAllGlobals());

  it('titles the panel as a section of the page: its headings descend from the h1 without skipping a level', async () => {
    importApi();
    await openImport();
    expect(screen.getByRole('heading', { name: 'Media for this import' })).toHaveProperty('tagName', 'H2');
    // A screen reader's list of headings: each one at most a level below the one before it.
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    const skips = levels.filter((level, i) => i > 0 && level > levels[i - 1]! + 1);
    expect(skips).toEqual([]);
  });

  it('says there are no files yet, uploads a picked image with progress, and resolves the rows naming it; a name without a file stays invalid', async () => {
    // Prepare
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const api = importApi();
    await openImport();
    expect(screen.getByTestId('import-media-empty')).toHaveTextContent('No files yet');
    chooseCsv(
      [
        'date,time,platforms,caption,media',
        `${NEXT_YEAR}-03-02,09:30,facebook,Spring menu,SPRING.png`,
        `${NEXT_YEAR}-03-03,09:30,facebook,Same photo again,spring.png`,
        `${NEXT_YEAR}-03-04,09:30,facebook,Forgot the upload,menu.jpg`,
      ].join('\n'),
    );
    await screen.findByText('0 valid');
    expect(statusOf('Spring menu')).toBe(`Invalid${IMPORT_MSG.noSuchFile('SPRING.png')}`);

    // Act: upload spring.png.
    pick('Choose images for this import', new File(['png'], 'spring.png', { type: 'image/png' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    FakeXhr.instances[0]!.progress(40, 100);

    // Assess: progress while it travels; the rows wait for it and nothing can be scheduled.
    const upload = await screen.findByTestId('import-upload');
    expect(within(upload).getByText('40%')).toBeInTheDocument();
    expect(statusOf('Spring menu')).toBe(`Invalid${IMPORT_MSG.fileStillUploading('SPRING.png')}`);

    // Act
    FakeXhr.instances[0]!.respond(204);

    // Assess: both rows naming it are valid; the missing name keeps its reason.
    expect(await within(upload).findByText('Uploaded')).toBeInTheDocument();
    await screen.findByText('2 valid');
    expect(statusOf('Same photo again')).toBe('Valid');
    expect(statusOf('Forgot the upload')).toBe(`Invalid${IMPORT_MSG.noSuchFile('menu.jpg')}`);
    expect(api.callsTo('POST', '/media/uploads')[0]!.body).toEqual({ file_name: 'spring.png', file_type: 'image/png', file_size: 3 });

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Schedule 2 posts' }));

    // Assess: the chunk names the upload once; the server copies it per row. One row was invalid, so the upload stays.
    await screen.findByText('2 posts scheduled, 1 row not imported');
    const [sent] = api.callsTo('POST', '/posts/import');
    expect((sent!.body as ImportRequest).media_files).toEqual([{ id: SPRING_ID, name: 'spring.png' }]);
    expect((sent!.body as ImportRequest).tiktok_consent).toBeUndefined();
    expect(api.callsTo('DELETE', `/media/${SPRING_ID}`)).toEqual([]);
  });

  it('removes an upload (deleted on the server) and the rows naming it become invalid again', async () => {
    vi.stubGlobal('XMLHttpRequest', InstantXhr);
    const api = importApi();
    await openImport();
    pick('Choose images for this import', new File(['png'], 'spring.png', { type: 'image/png' }));
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    chooseCsv(['date,time,platforms,caption,media', `${NEXT_YEAR}-03-02,09:30,facebook,Spring menu,spring.png`].join('\n'));
    await screen.findByText('1 valid');

    fireEvent.click(screen.getByRole('button', { name: 'Remove spring.png' }));

    await screen.findByText('0 valid');
    expect(api.callsTo('DELETE', `/media/${SPRING_ID}`)).toHaveLength(1);
    expect(statusOf('Spring menu')).toBe(`Invalid${IMPORT_MSG.noSuchFile('spring.png')}`);
  });

  it("refuses a file type the platforms don't publish with Compose's message, uploading nothing", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const api = importApi();
    await openImport();
    pick('Choose images for this import', new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(
      await screen.findByText('logo.svg: Only JPEG, PNG, WebP or GIF images, MP4, MOV or WebM videos and PDF documents can be uploaded'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/media/uploads')).toEqual([]);
    expect(screen.queryByTestId('import-upload')).toBeNull();
  });

  it("holds TikTok rows until TikTok's Music Usage Confirmation is ticked, then sends the consent; checks rows against creator_info", async () => {
    // Prepare
    vi.stubGlobal('XMLHttpRequest', InstantXhr);
    const api = importApi();
    await openImport();
    pick('Choose images for this import', new File(['png'], 'spring.png', { type: 'image/png' }));
    await screen.findByText('Uploaded');
    pick('Choose videos for this import', new File(['mp4'], 'clip.mp4', { type: 'video/mp4' }));
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(2));

    // Act
    chooseCsv(
      [
        'date,time,platforms,caption,media,tiktok_privacy,tiktok_allow_stitch',
        `${NEXT_YEAR}-03-02,09:30,facebook,Spring menu,spring.png,,`,
        `${NEXT_YEAR}-03-02,10:00,tiktok,Morning bake,clip.mp4,Only me,no`,
        `${NEXT_YEAR}-03-02,11:00,tiktok,Stitch me,clip.mp4,SELF_ONLY,yes`,
      ].join('\n'),
    );

    // Assess: the creator turned stitches off; the consent gates Schedule.
    await waitFor(() => expect(statusOf('Stitch me')).toBe(`Invalid${IMPORT_MSG.tiktokInteractionOff('Ada Bakes', 'stitches', 'tiktok_allow_stitch')}`));
    await screen.findByText('2 valid');
    const consent = screen.getByRole('checkbox', { name: new RegExp(TIKTOK_MSG.musicConsent) });
    expect(screen.getByRole('button', { name: 'Schedule 2 posts' })).toBeDisabled();
    expect(screen.getByText("Tick TikTok's Music Usage Confirmation to schedule the TikTok rows.")).toBeInTheDocument();

    // Act
    fireEvent.click(consent);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Schedule 2 posts' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Schedule 2 posts' }));

    // Assess
    await screen.findByText('2 posts scheduled, 1 row not imported');
    const [sent] = api.callsTo('POST', '/posts/import');
    expect(sent!.body).toMatchObject({
      tiktok_consent: true,
      media_files: [
        { id: SPRING_ID, name: 'spring.png' },
        { id: CLIP_ID, name: 'clip.mp4' },
      ],
    });
    expect((sent!.body as ImportRequest).rows.map((r) => r.row)).toEqual([1, 2]);
  });
});
