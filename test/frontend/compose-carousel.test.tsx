import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSTAGRAM_CAROUSEL_MESSAGE } from '@shared/media-rules';
import { TOO_MANY_FILES_MESSAGE } from '@shared/media';
import { resetAmplifyMocks } from './helpers/amplify-mocks';
import { aNewDraft, anUploadedCake, meResponse, shellRoutes, socialAccount } from './helpers/api-mock';
import { platformTile } from './helpers/compose';
import { openSignedIn } from './helpers/open-page';
import { InstantXhr } from './helpers/xhr';

/** Several photos in Compose: the previews of a carousel, Instagram's 10-item cap, and the 20 files a post holds. */
const IG_ID = '01JQ00000000000000000000A1';
const FB_ID = '01JQ00000000000000000000F1';

async function openCompose() {
  let n = 0;
  return openSignedIn(
    '/home/compose',
    'Compose',
    {
      ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/London' } }) }),
      'GET /accounts': {
        body: {
          accounts: [
            socialAccount({ id: IG_ID, platform: 'instagram', account_name: 'corner.bakery' }),
            socialAccount({ id: FB_ID, platform: 'facebook', account_name: 'Corner Bakery' }),
          ],
        },
      },
      'POST /posts': { status: 201, body: aNewDraft() },
      'POST /media/uploads': { body: { key: 'k', url: 'https://media-bucket.example/upload', fields: {} } },
      // Each confirm answers a new portrait photo (4:5), as media confirm reads it.
      'POST /media': () => ({
        status: 201,
        body: anUploadedCake({ id: `01JQ0000000000000000000M${String(++n).padStart(2, '0')}`, file_path: `u/loaf-${n}.jpg`, width: 1080, height: 1350 }),
      }),
    },
    'platform-picker',
  );
}

const loaves = (n: number) => Array.from({ length: n }, (_, i) => new File(['loaf'], `loaf-${i + 1}.jpg`, { type: 'image/jpeg' }));

describe('several photos in Compose', { timeout: 60_000 }, () => {
  beforeEach(() => {
    resetAmplifyMocks();
    vi.stubGlobal('XMLHttpRequest', InstantXhr);
    URL.createObjectURL = vi.fn(() => 'blob:local-preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('previews three photos as an Instagram carousel and a Facebook multi-photo post, and sends all three', async () => {
    const { user, api } = await openCompose();
    await user.click(platformTile('Instagram'));
    await user.click(platformTile('Facebook'));
    await user.click(screen.getByLabelText('Instagram caption'));
    await user.paste('Three loaves');

    await user.upload(screen.getByLabelText('Choose images'), loaves(3));
    await waitFor(() => expect(screen.getAllByText('Upload Complete')).toHaveLength(3));

    const instagram = screen.getByRole('region', { name: 'Instagram preview' });
    expect(within(instagram).getByText('Three loaves')).toBeInTheDocument();
    expect(within(instagram).getByTestId('preview-dots').children).toHaveLength(3);
    expect(within(instagram).getByTestId('preview-crop-instagram').dataset.ratio).toBe('4:5');
    const facebook = screen.getByRole('region', { name: 'Facebook preview' });
    expect(within(facebook).getByText('+2 photos')).toBeInTheDocument();
    expect(within(facebook).getByText('Corner Bakery')).toBeInTheDocument();
    expect(screen.queryByTestId('instagram-media-problem')).toBeNull();

    await user.click(screen.getByLabelText('Facebook caption'));
    await user.paste('Three loaves');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await screen.findByText('Post created successfully!');
    expect((api.callsTo('POST', '/posts')[0]!.body as { media_ids: string[] }).media_ids).toHaveLength(3);
  });

  it('names Instagram’s 10-item cap under Instagram as soon as an 11th photo is attached, and does not save', async () => {
    const { user, api } = await openCompose();
    await user.click(platformTile('Instagram'));
    await user.click(screen.getByLabelText('Instagram caption'));
    await user.paste('Eleven loaves');

    await user.upload(screen.getByLabelText('Choose images'), loaves(11));
    await waitFor(() => expect(screen.getAllByText('Upload Complete')).toHaveLength(11));

    expect(within(screen.getByTestId('instagram-media-problem')).getByText(INSTAGRAM_CAROUSEL_MESSAGE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Not accepted by Instagram')).toBeInTheDocument();
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);
  });

  it('uploads at most 20 files to one post and says why the rest were left out', async () => {
    const { user, api } = await openCompose();

    await user.upload(screen.getByLabelText('Choose images'), loaves(22));

    expect(await screen.findByText(TOO_MANY_FILES_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Upload Complete')).toHaveLength(20));
    expect(api.callsTo('POST', '/media/uploads')).toHaveLength(20);
  });
});
