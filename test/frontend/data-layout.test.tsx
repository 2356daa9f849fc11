import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { settingsKeys } from '@/lib/api/me';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { mockApi, shellRoutes } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

describe('server state across people', () => {
  beforeEach(() => resetAmplifyMocks());

  it("drops the signed-out person's cached data, so the next person to sign in here never sees it", async () => {
    // Prepare: Alice's shell has read her profile into the cache.
    mockApi(shellRoutes());
    signedInAs();
    const { user, queryClient, location } = renderApp('/home');
    await screen.findByTestId('greeting');
    await waitFor(() => expect(queryClient.getQueryData(settingsKeys.me())).toBeDefined());

    // Act: she signs out from the avatar menu (the keyboard path: jsdom cannot drive Zag's pointer highlighting).
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await waitFor(() => expect(screen.getByRole('menu')).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveAttribute('data-highlighted'));
    await user.keyboard('{Enter}');

    // Assess: on the sign-in page, nothing of hers is left to show.
    expect(await screen.findByTestId('sign-in-form')).toBeInTheDocument();
    expect(location().pathname).toBe('/auth');
    await waitFor(() => expect(queryClient.getQueryData(settingsKeys.me())).toBeUndefined());
  });
});
