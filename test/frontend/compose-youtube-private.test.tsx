import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { meResponse, mockApi, shellRoutes, socialAccount } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

const NOTE = "Until this app's Google project is verified, YouTube keeps uploads private.";

async function openComposeWithYouTube(youtubeUnverified: boolean) {
  mockApi({
    ...shellRoutes({ me: meResponse() }),
    'GET /accounts': { body: { accounts: [socialAccount({ id: '01JQ00000000000000000000Y1', platform: 'youtube', account_name: 'Baker TV' })] } },
  });
  signedInAs();
  const app = renderApp('/home/compose', { config: { youtubeUnverified } });
  await screen.findByTestId('platform-picker');
  await app.user.click(screen.getByRole('button', { name: 'YouTube' }));
  await screen.findByTestId('youtube-shorts-panel');
}

// The first test also loads the lazy route's chunk, slow on a busy 2-core machine.
describe("compose's YouTube panel and the Google project's verification", { timeout: 30_000 }, () => {
  beforeEach(() => resetAmplifyMocks());

  it('says uploads stay private while the deployment is marked unverified (/config.json youtubeUnverified)', async () => {
    await openComposeWithYouTube(true);

    expect(screen.getByTestId('youtube-private-note')).toHaveTextContent(NOTE);
  });

  it('says nothing of it once the deployment is verified', async () => {
    await openComposeWithYouTube(false);

    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
  });
});
