import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { aNewDraft, anUploadedCake, MEDIA_ID, meResponse, mockApi, shellRoutes, socialAccount } from './helpers/api-mock';
import { platformTile } from './helpers/compose';
import { renderApp } from './helpers/render-app';
import { chooseScheduleTime } from './helpers/schedule';
import { InstantXhr } from './helpers/xhr';

/** Each image in Compose takes an optional description (alt text), bounded by the strictest selected network that publishes it. */
const BSKY_ID = '01JQ00000000000000000000B1';
const FB_ID = '01JQ00000000000000000000F1';
const accounts = [
  socialAccount({ id: BSKY_ID, platform: 'bluesky', account_name: '@baker.bsky.social' }),
  socialAccount({ id: FB_ID, platform: 'facebook', account_name: 'Bakery Page' }),
];

async function composeWithAPhoto(platform: 'Bluesky' | 'Facebook') {
  const api = mockApi({
    ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/London' } }) }),
    'GET /accounts': { body: { accounts } },
    'POST /media/uploads': { body: { key: 'k', url: 'https://media-bucket.example/upload', fields: {} } },
    'POST /media': { status: 201, body: anUploadedCake() },
    'POST /posts': { status: 201, body: aNewDraft() },
  });
  signedInAs();
  vi.stubGlobal('XMLHttpRequest', InstantXhr);
  const app = renderApp('/home/compose');
  await screen.findByTestId('platform-picker');
  await app.user.click(platformTile(platform));
  await app.user.click(screen.getByLabelText(`${platform} caption`));
  await app.user.paste('Fresh loaves at 7');
  await app.user.upload(screen.getByLabelText('Choose images'), new File(['cake'], 'cake.png', { type: 'image/png' }));
  await screen.findByText('Upload Complete');
  return { ...app, api };
}

describe('alt text in Compose', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetAmplifyMocks();
    window.localStorage.clear();
  });

  it('is optional: an image without one is scheduled as it is, and nothing marks it', async () => {
    const { user, api } = await composeWithAPhoto('Bluesky');
    expect(screen.queryByTestId('alt-badge')).not.toBeInTheDocument();

    await chooseScheduleTime('2030-07-01T09:00');
    await user.click(screen.getByRole('button', { name: 'Schedule Post' }));

    await waitFor(() => expect(api.callsTo('POST', '/posts')).toHaveLength(1));
    expect(api.callsTo('POST', '/posts')[0]!.body).not.toHaveProperty('media_alt');
  });

  it("goes out with the post, marks the image ALT, counts against Bluesky's limit and describes the preview", async () => {
    const { user, api } = await composeWithAPhoto('Bluesky');

    const open = screen.getByRole('button', { name: 'Alt text' });
    await user.click(open);
    const field = screen.getByLabelText('Alt text for cake.png');
    expect(field).toHaveFocus();
    await user.paste('  A round chocolate cake on a 🍰 stand ');

    expect(screen.getByTestId('alt-text-counter')).toHaveTextContent('35/2000');
    expect(screen.getByTestId('alt-badge')).toBeInTheDocument();
    expect(screen.getByText('Sent to Bluesky with the image.')).toBeInTheDocument();
    // The preview names the image as Bluesky will: its frame is read out with the description.
    const preview = screen.getByTestId('preview-crop-bluesky');
    expect(preview).toHaveAccessibleName('First image shown at 1:1: A round chocolate cake on a 🍰 stand');
    expect(preview.querySelector('img')).toHaveAttribute('alt', 'A round chocolate cake on a 🍰 stand');

    await chooseScheduleTime('2030-07-01T09:00');
    await user.click(screen.getByRole('button', { name: 'Schedule Post' }));

    await waitFor(() => expect(api.callsTo('POST', '/posts')).toHaveLength(1));
    expect(api.callsTo('POST', '/posts')[0]!.body).toMatchObject({ media_ids: [MEDIA_ID], media_alt: { [MEDIA_ID]: 'A round chocolate cake on a 🍰 stand' } });
  });

  it('refuses one over the limit at scheduling with the reason, and sends nothing', async () => {
    const { user, api } = await composeWithAPhoto('Bluesky');
    await user.click(screen.getByRole('button', { name: 'Alt text' }));
    await user.paste('a'.repeat(2001));

    expect(screen.getByLabelText('Alt text for cake.png')).toHaveAttribute('aria-invalid', 'true');
    await chooseScheduleTime('2030-07-01T09:00');
    await user.click(screen.getByRole('button', { name: 'Schedule Post' }));

    expect(await screen.findAllByText('Alt text for image 1 is 2,001 characters; Bluesky allows 2,000')).not.toHaveLength(0);
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);
  });

  it('says when none of the selected networks publishes it', async () => {
    const { user } = await composeWithAPhoto('Facebook');
    await user.click(screen.getByRole('button', { name: 'Alt text' }));
    await user.paste('A cake');

    expect(screen.getByText('Kept with the post; none of the selected networks publishes it.')).toBeInTheDocument();
  });
});
