import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentNotTakenMessage } from '@shared/media-rules';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { aNewDraft, anUploadedCake, meResponse, mockApi, shellRoutes, socialAccount } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';
import { InstantXhr } from './helpers/xhr';

vi.mock('aws-amplify', () => import('./helpers/amplify-mocks').then((m) => m.coreModule));
vi.mock('aws-amplify/auth', () => import('./helpers/amplify-mocks').then((m) => m.authModule));
vi.mock('aws-amplify/utils', () => import('./helpers/amplify-mocks').then((m) => m.utilsModule));

/**
 * A PDF in Compose: LinkedIn alone posts documents, so the PDF picker is offered while LinkedIn is
 * selected; the file shows as a document tile and LinkedIn's preview as a document card; the post
 * needs a title; any other network selected beside it says it cannot post a PDF, and nothing is saved.
 */
const LI_ID = '01JQ00000000000000000000L1';
const FB_ID = '01JQ00000000000000000000F1';
const DOC_ID = '01JQ0000000000000000000D01';

async function openCompose(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/London' } }) }),
    'GET /accounts': {
      body: {
        accounts: [
          socialAccount({ id: LI_ID, platform: 'linkedin', account_name: 'Ada Baker' }),
          socialAccount({ id: FB_ID, platform: 'facebook', account_name: 'Corner Cafe' }),
        ],
      },
    },
    'POST /posts': { status: 201, body: aNewDraft() },
    'POST /media/uploads': { body: { key: 'k', url: 'https://media-bucket.example/upload', fields: {} } },
    'POST /media': {
      status: 201,
      body: aDeck(),
    },
    ...extra,
  });
  signedInAs();
  const app = renderApp('/home/compose');
  await screen.findByRole('heading', { level: 1, name: 'Compose' });
  return { ...app, api };
}

function aDeck() {
  return anUploadedCake({ id: DOC_ID, file_type: 'application/pdf', file_path: 'u/deck.pdf', url: 'https://media-bucket.example/u/deck.pdf?signed' });
}
const deck = () => new File(['%PDF-1.7\n'], 'deck.pdf', { type: 'application/pdf' });

describe('a PDF document in Compose', { timeout: 60_000 }, () => {
  beforeEach(() => {
    resetAmplifyMocks();
    vi.stubGlobal('XMLHttpRequest', InstantXhr);
    URL.createObjectURL = vi.fn(() => 'blob:local-preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('attaches a PDF for LinkedIn as a document, previews a document card, and sends it with its title', async () => {
    const { user, api } = await openCompose();
    expect(screen.queryByLabelText('Choose a PDF document')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'LinkedIn' }));

    await user.upload(screen.getByLabelText('Choose a PDF document'), [deck()]);
    await waitFor(() => expect(screen.getByText('Upload Complete')).toBeInTheDocument());
    const tile = screen.getByTestId('document-tile');
    expect(tile).toHaveTextContent('deck.pdf');
    expect(tile).toHaveTextContent('PDF document');
    expect(within(screen.getByTestId('media-tile')).queryByRole('img')).toBeNull();
    await user.click(screen.getByLabelText('LinkedIn caption'));
    await user.paste('Our Q3 in ten slides');

    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Not accepted by LinkedIn')).toBeInTheDocument();
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);

    await user.type(within(screen.getByTestId('linkedin-document-panel')).getByLabelText(/Document title/), 'Q3 results');
    const preview = screen.getByRole('region', { name: 'LinkedIn preview' });
    expect(within(preview).getByTestId('preview-document-linkedin')).toHaveTextContent('Q3 results');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    await waitFor(() => expect(api.callsTo('POST', '/posts')).toHaveLength(1));
    expect(api.callsTo('POST', '/posts')[0]!.body).toMatchObject({
      title: 'Q3 results',
      media_ids: [DOC_ID],
      platforms: [{ platform: 'linkedin', social_account_id: LI_ID }],
    });
  });

  it('says Facebook cannot post the PDF when it is selected beside LinkedIn, and saves nothing', async () => {
    const { user, api } = await openCompose();
    await user.click(await screen.findByRole('button', { name: 'LinkedIn' }));
    await user.click(screen.getByRole('button', { name: 'Facebook' }));
    await user.upload(screen.getByLabelText('Choose a PDF document'), [deck()]);
    await waitFor(() => expect(screen.getByText('Upload Complete')).toBeInTheDocument());
    await user.type(within(screen.getByTestId('linkedin-document-panel')).getByLabelText(/Document title/), 'Q3 results');
    await user.click(screen.getByLabelText('LinkedIn caption'));
    await user.paste('Our Q3');
    await user.click(screen.getByLabelText('Facebook caption'));
    await user.paste('Our Q3');

    expect(await screen.findByTestId('facebook-media-problem')).toHaveTextContent(documentNotTakenMessage('facebook'));
    expect(screen.queryByTestId('linkedin-media-problem')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    expect(await screen.findByText('Not accepted by Facebook')).toBeInTheDocument();
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);
  });

  it('refuses a PDF dropped while only another network is selected, before any upload', async () => {
    const { user, api } = await openCompose();
    await user.click(await screen.findByRole('button', { name: 'Facebook' }));
    expect(screen.queryByLabelText('Choose a PDF document')).toBeNull();

    fireEvent.drop(screen.getByTestId('media-dropzone'), { dataTransfer: { files: [deck()] } });

    expect(await screen.findByText('deck.pdf: PDF documents post to LinkedIn only; select LinkedIn to attach one.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/media/uploads')).toHaveLength(0);
    expect(screen.queryByTestId('media-tile')).toBeNull();
  });

  it('deletes again a PDF fetched from a link while only another network is selected, and says why', async () => {
    const { user, api } = await openCompose({ 'POST /media/from-url': { status: 201, body: aDeck() }, [`DELETE /media/${DOC_ID}`]: { status: 204 } });
    await user.click(await screen.findByRole('button', { name: 'Facebook' }));

    await user.click(screen.getByLabelText('Media link'));
    await user.paste('https://example.com/files/deck.pdf');
    await user.click(screen.getByRole('button', { name: 'Add from URL' }));

    expect(await screen.findByText('deck.pdf: PDF documents post to LinkedIn only; select LinkedIn to attach one.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('DELETE', `/media/${DOC_ID}`)).toHaveLength(1));
    expect(screen.queryByTestId('media-tile')).toBeNull();
  });
});
