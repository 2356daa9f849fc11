import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mediaUrlStatusMessage } from '@shared/media-url';
import { resetAmplifyMocks } from './helpers/amplify-mocks';
import { aNewDraft, anUploadedCake, MEDIA_ID, meResponse, mockApi, shellRoutes, socialAccount } from './helpers/api-mock';
import { openSignedIn } from './helpers/open-page';

vi.mock('aws-amplify', () => import('./helpers/amplify-mocks').then((m) => m.coreModule));
vi.mock('aws-amplify/auth', () => import('./helpers/amplify-mocks').then((m) => m.authModule));
vi.mock('aws-amplify/utils', () => import('./helpers/amplify-mocks').then((m) => m.utilsModule));

/**
 * Compose's "Add from URL": the link goes to POST /api/media/from-url, the answer
 * becomes a tile like an upload's and its id goes with the post; a refusal says why and adds nothing.
 */
const IG_ID = '01JQ00000000000000000000A1';
const LINK = 'https://cdn.example.com/photos/cake.jpg';
const fetched = () =>
  anUploadedCake({ file_path: 'user-alice/1774000000000-abcdefgh.jpg', file_type: 'image/jpeg', url: 'https://media-bucket.example/cake.jpg?signed' });

async function openCompose(routes: Parameters<typeof mockApi>[0]) {
  return openSignedIn(
    '/home/compose',
    'Compose',
    {
      ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/London' } }) }),
      'GET /accounts': { body: { accounts: [socialAccount({ id: IG_ID, platform: 'instagram', account_name: 'bakery' })] } },
      'POST /posts': { status: 201, body: aNewDraft() },
      ...routes,
    },
    'platform-picker',
  );
}

describe('adding media from a link in Compose', { timeout: 30_000 }, () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => vi.restoreAllMocks());

  it('fetches the link through the API, shows it as a thumbnail and sends its id with the post', async () => {
    // Prepare
    const { user, api } = await openCompose({ 'POST /media/from-url': { status: 201, body: fetched() } });

    // Act
    await user.click(screen.getByLabelText('Media link'));
    await user.paste(LINK);
    await user.click(screen.getByRole('button', { name: 'Add from URL' }));

    // Assess
    const tile = await screen.findByTestId('media-tile');
    await within(tile).findByText('Upload Complete');
    expect(within(tile).getByRole('img', { name: 'cake.jpg' })).toHaveAttribute('src', 'https://media-bucket.example/cake.jpg?signed');
    expect(api.callsTo('POST', '/media/from-url').map((c) => c.body)).toEqual([{ url: LINK }]);
    expect(screen.getByLabelText('Media link')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Instagram' }));
    await user.click(screen.getByLabelText('Instagram caption'));
    await user.paste('Cake from a link');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(api.callsTo('POST', '/posts')).toHaveLength(1));
    expect((api.callsTo('POST', '/posts')[0]!.body as { media_ids: string[] }).media_ids).toEqual([MEDIA_ID]);
  });

  it('says why a link was refused, adds nothing and keeps the link to fix', async () => {
    // Prepare
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = mediaUrlStatusMessage('cdn.example.com', 404);
    const { user, api } = await openCompose({ 'POST /media/from-url': { status: 400, body: { error: { code: 'VALIDATION_ERROR', message } } } });

    // Act
    await user.click(screen.getByLabelText('Media link'));
    await user.paste(LINK);
    await user.keyboard('{Enter}');

    // Assess
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('media-tile')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Media link')).toHaveValue(LINK);
    // Enter in the link box fetched the link; it did not submit the post.
    expect(api.callsTo('POST', '/media/from-url')).toHaveLength(1);
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);
  });

  it('keeps the button off until there is a link', async () => {
    const { api } = await openCompose({});

    expect(screen.getByRole('button', { name: 'Add from URL' })).toBeDisabled();
    expect(api.callsTo('POST', '/media/from-url')).toHaveLength(0);
  });
});
