import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SocialAccount } from '@shared/accounts';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { meResponse, mockApi, shellRoutes, socialAccount } from './helpers/api-mock';
import { platformTile } from './helpers/compose';
import { renderApp } from './helpers/render-app';

/** An account disconnected in another tab leaves the Compose selection. */
const IG_NEW = '01JQ00000000000000000000A2';
const IG_OLD = '01JQ00000000000000000000A1';
const X_ID = '01JQ00000000000000000000X1';
const instagramNew = socialAccount({ id: IG_NEW, platform: 'instagram', account_name: 'bakery.new', created_at: '2026-03-20T12:00:00.000Z' });
const instagramOld = socialAccount({ id: IG_OLD, platform: 'instagram', account_name: 'bakery.old', created_at: '2025-01-01T12:00:00.000Z' });
const x = socialAccount({ id: X_ID, platform: 'x', account_name: '@baker' });

async function openCompose(initial: SocialAccount[]) {
  let listed = initial;
  mockApi({
    ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/London' } }) }),
    'GET /accounts': () => ({ body: { accounts: listed } }),
  });
  signedInAs();
  const app = renderApp('/home/compose');
  await screen.findByTestId('platform-picker');
  /** The accounts list as another tab left it, fetched again as on a window refocus. */
  const refreshAccounts = async (next: SocialAccount[]) => {
    listed = next;
    await act(() => app.queryClient.invalidateQueries());
  };
  return { ...app, refreshAccounts };
}

describe('Compose when an account is disconnected elsewhere', { timeout: 30_000 }, () => {
  beforeEach(() => resetAmplifyMocks());

  it('drops a platform whose accounts are gone, says so, and brings its caption back when it is selected again', async () => {
    const { user, refreshAccounts } = await openCompose([instagramNew, x]);
    await user.click(platformTile('Instagram'));
    await user.click(platformTile('X (Twitter)'));
    await user.click(screen.getByLabelText('Instagram caption'));
    await user.paste('Fresh loaves');

    await refreshAccounts([x]);

    expect(await screen.findByTestId('disconnected-note')).toHaveTextContent("Instagram was disconnected; it's no longer selected.");
    await waitFor(() => expect(screen.queryByTestId('compose-platform-instagram')).not.toBeInTheDocument());
    expect(screen.queryByText(/of 0 accounts/)).not.toBeInTheDocument();
    expect(screen.getByTestId('compose-platform-x')).toBeInTheDocument();

    // Reconnected: selecting Instagram again finds the caption where the user left it.
    await refreshAccounts([instagramNew, x]);
    await waitFor(() => expect(platformTile('Instagram')).toBeEnabled());
    await user.click(platformTile('Instagram'));
    expect(screen.getByLabelText('Instagram caption')).toHaveValue('Fresh loaves');
    expect(screen.queryByTestId('disconnected-note')).not.toBeInTheDocument();
  });

  it('unticks a disconnected account of a platform that still has another ticked one', async () => {
    const { user, refreshAccounts } = await openCompose([instagramNew, instagramOld]);
    await user.click(platformTile('Instagram'));
    await user.click(within(screen.getByRole('group', { name: 'Instagram accounts' })).getByLabelText('bakery.old'));
    expect(screen.getByText('2 of 2 accounts')).toBeInTheDocument();

    await refreshAccounts([instagramNew, { ...instagramOld, is_connected: false }]);

    expect(await screen.findByTestId('disconnected-note')).toHaveTextContent("Instagram account bakery.old was disconnected; it's no longer selected.");
    expect(within(screen.getByTestId('compose-platform-instagram')).getByText('bakery.new')).toBeInTheDocument();
  });
});
