import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocialAccount } from '@shared/accounts';
import { UI } from '@shared/ui';
import { OAUTH_CHANNEL } from '@/features/connections/oauth-messages';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { mockApi, platformsResponse, shellRoutes, socialAccount } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';
import { openSignedIn } from './helpers/open-page';

const FB_ID = '01JQ00000000000000000000F1';
const IG_ID = '01JQ00000000000000000000A1';
const X_ID = '01JQ00000000000000000000X1';
const AUTH_URL = 'https://sandbox.example/x/authorize?state=abc';

interface FakePopup {
  closed: boolean;
  close: ReturnType<typeof vi.fn>;
  location: { href: string };
}

function fakePopup(): FakePopup {
  const popup: FakePopup = {
    closed: false,
    close: vi.fn(() => {
      popup.closed = true;
    }),
    location: { href: '' },
  };
  return popup;
}

function popupOpens(popup: FakePopup | null = fakePopup()) {
  const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
  return { open, popup };
}

async function openPlatforms(accounts: SocialAccount[] | (() => SocialAccount[]), extra: Parameters<typeof mockApi>[0] = {}) {
  const list = typeof accounts === 'function' ? accounts : () => accounts;
  return openSignedIn(
    '/home/platforms',
    'Platforms',
    {
      ...shellRoutes(),
      'GET /accounts': () => ({ body: { accounts: list() } }),
      'POST /accounts/x/oauth/initiate': { body: { authUrl: AUTH_URL } },
      ...extra,
    },
    'platform-card-x',
  );
}

const card = (platform: string) => screen.getByTestId(`platform-card-${platform}`);

function postFromPopup(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

describe('the Platforms page', () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => vi.restoreAllMocks());

  it('shows one card per platform, with each connected account and its linked date', async () => {
    await openPlatforms([
      socialAccount({ id: FB_ID, platform: 'facebook', account_name: 'Bakery Page', created_at: '2026-03-14T12:00:00.000Z' }),
      socialAccount({ id: IG_ID, platform: 'instagram', account_name: 'bakery.ig', created_at: '2025-12-01T12:00:00.000Z' }),
    ]);

    for (const platform of ['instagram', 'facebook', 'x', 'tiktok', 'youtube']) expect(card(platform)).toBeInTheDocument();
    expect(within(card('facebook')).getByText('Connected')).toBeInTheDocument();
    expect(within(card('facebook')).getByText('Bakery Page')).toBeInTheDocument();
    expect(within(card('facebook')).getByText('Mar 14, 2026')).toBeInTheDocument();
    expect(within(card('instagram')).getByText('bakery.ig')).toBeInTheDocument();
    expect(within(card('instagram')).getByText('Dec 1, 2025')).toBeInTheDocument();
    expect(within(card('instagram')).getByRole('button', { name: /Add Account for Instagram/ })).toHaveTextContent('Add Account');
  });

  it('offers Connect on a platform without accounts', async () => {
    await openPlatforms([socialAccount({ id: FB_ID, platform: 'facebook' })]);

    expect(within(card('x')).getByText('Not Connected')).toBeInTheDocument();
    expect(within(card('x')).getByRole('button', { name: 'Connect X (Twitter)' })).toHaveTextContent('Connect');
    expect(within(card('x')).queryByRole('button', { name: /Disconnect/ })).not.toBeInTheDocument();
  });

  it('disconnects an account with DELETE and says "Account disconnected"', async () => {
    let accounts = [socialAccount({ id: X_ID, platform: 'x', account_name: '@baker' })];
    const { user, api } = await openPlatforms(() => accounts, {
      [`DELETE /accounts/${X_ID}`]: () => {
        accounts = [];
        return { status: 204 };
      },
    });

    await user.click(within(card('x')).getByRole('button', { name: 'Disconnect @baker' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Disconnect @baker from X?' });
    expect(confirm).toHaveTextContent('Scheduled posts for it will fail until you reconnect.');
    expect(api.callsTo('DELETE', `/accounts/${X_ID}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Disconnect' }));

    await waitFor(() => expect(api.callsTo('DELETE', `/accounts/${X_ID}`)).toHaveLength(1));
    expect(await screen.findByText('Account disconnected')).toBeInTheDocument();
    await waitFor(() => expect(within(card('x')).getByText('Not Connected')).toBeInTheDocument());
  });

  it('asks before disconnecting, and Cancel keeps the account', async () => {
    const { user, api } = await openPlatforms([socialAccount({ id: X_ID, platform: 'x', account_name: '@baker' })], {
      [`DELETE /accounts/${X_ID}`]: { status: 204 },
    });

    await user.click(within(card('x')).getByRole('button', { name: 'Disconnect @baker' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Disconnect @baker from X?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', `/accounts/${X_ID}`)).toHaveLength(0);
    expect(within(card('x')).getByText('@baker')).toBeInTheDocument();
  });

  it('offers Reconnect on an account that needs it, which starts the connect flow', async () => {
    const { open } = popupOpens();
    const { user, api } = await openPlatforms([socialAccount({ id: X_ID, platform: 'x', needs_reconnect: true })]);

    await user.click(within(card('x')).getByRole('button', { name: 'Reconnect' }));

    expect(open).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(api.callsTo('POST', '/accounts/x/oauth/initiate')).toHaveLength(1));
  });

  it('says "Reconnect to see analytics" on a connection without the analytics permission, and offers Reconnect', async () => {
    const { open } = popupOpens();
    const { user, api } = await openPlatforms([
      socialAccount({ id: X_ID, platform: 'x', analytics: 'reconnect' }),
      socialAccount({ id: FB_ID, platform: 'facebook', analytics: 'ready' }),
    ]);

    expect(within(card('x')).getByTestId('analytics-reconnect')).toHaveTextContent('Reconnect to see analytics');
    expect(within(card('facebook')).queryByTestId('analytics-reconnect')).not.toBeInTheDocument();
    expect(within(card('facebook')).queryByRole('button', { name: 'Reconnect' })).not.toBeInTheDocument();

    await user.click(within(card('x')).getByRole('button', { name: 'Reconnect' }));
    expect(open).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(api.callsTo('POST', '/accounts/x/oauth/initiate')).toHaveLength(1));
  });

  it('locks platforms outside the plan with the upgrade text and no Connect button', async () => {
    mockApi({ ...shellRoutes({ platforms: platformsResponse('free') }), 'GET /accounts': { body: { accounts: [] } } });
    signedInAs();
    renderApp('/home/platforms');

    const x = await screen.findByTestId('platform-card-x');
    expect(within(x).getByText('Upgrade to Basic to connect X')).toBeInTheDocument();
    expect(within(x).queryByRole('button', { name: /connect/i })).not.toBeInTheDocument();
    expect(within(x).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/home/subscription');
    expect(within(card('tiktok')).getByText('Upgrade to Pro to connect TikTok')).toBeInTheDocument();
    expect(within(card('facebook')).getByRole('button', { name: 'Connect Facebook' })).toBeEnabled();
    expect(within(card('facebook')).queryByTestId('plan-lock')).not.toBeInTheDocument();
  });

  it('shows "Coming Soon" and no button for a platform the deployment has no app for', async () => {
    mockApi({ ...shellRoutes({ platforms: platformsResponse('pro', ['youtube']) }), 'GET /accounts': { body: { accounts: [] } } });
    signedInAs();
    renderApp('/home/platforms');

    const youtube = await screen.findByTestId('platform-card-youtube');
    expect(within(youtube).getByText('Coming Soon')).toBeInTheDocument();
    expect(within(youtube).queryByRole('button')).not.toBeInTheDocument();
    expect(within(youtube).queryByText('Not Connected')).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the accounts cannot be loaded', async () => {
    let fail = true;
    mockApi({
      ...shellRoutes(),
      'GET /accounts': () => (fail ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Internal error' } } } : { body: { accounts: [] } }),
    });
    signedInAs();
    const { user } = renderApp('/home/platforms');

    expect(await screen.findByText("Couldn't load your accounts")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('platform-card-x')).toBeInTheDocument();
  });

  it("opens a Facebook Page's info in a dialog", async () => {
    const { user } = await openPlatforms([socialAccount({ id: FB_ID, platform: 'facebook', account_name: 'Bakery Page' })], {
      [`GET /accounts/${FB_ID}/page-info`]: {
        body: {
          name: 'Bakery Page',
          category: 'Bakery',
          picture: 'https://img.example/p.png',
          cover: 'https://img.example/c.png',
          location: { city: 'Cape Town', country: 'South Africa' },
          hours: { mon_1_open: '08:00', mon_1_close: '17:00' },
          is_verified: true,
        },
      },
    });

    await user.click(within(card('facebook')).getByRole('button', { name: 'Page info' }));

    const dialog = await screen.findByRole('dialog');
    const info = await within(dialog).findByTestId('page-info');
    expect(within(info).getByText('Bakery')).toBeInTheDocument();
    expect(within(info).getByText('Cape Town, South Africa')).toBeInTheDocument();
    expect(within(info).getByText('Monday')).toBeInTheDocument();
    expect(within(info).getByText('08:00–17:00')).toBeInTheDocument();
    expect(within(info).getByText('Verified')).toBeInTheDocument();
    expect(within(info).getByAltText('Bakery Page cover')).toHaveAttribute('src', 'https://img.example/c.png');
  });

  it('says "Error loading page info" when the page info cannot be loaded', async () => {
    const { user } = await openPlatforms([socialAccount({ id: FB_ID, platform: 'facebook' })], {
      [`GET /accounts/${FB_ID}/page-info`]: { status: 502, body: { error: { code: 'PLATFORM', message: 'Facebook is unavailable' } } },
    });

    await user.click(within(card('facebook')).getByRole('button', { name: 'Page info' }));

    expect(await screen.findByText('Error loading page info')).toBeInTheDocument();
    expect(screen.getByText('Facebook is unavailable')).toBeInTheDocument();
  });

  it('has no Page info button on other platforms', async () => {
    await openPlatforms([socialAccount({ id: X_ID, platform: 'x' })]);
    expect(within(card('x')).queryByRole('button', { name: 'Page info' })).not.toBeInTheDocument();
  });
});

describe('connecting an account through the OAuth popup', () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => vi.restoreAllMocks());

  it('opens a 600×700 popup, then sends it to the auth URL from initiate', async () => {
    const { open, popup } = popupOpens();
    const { user, api } = await openPlatforms([]);

    await user.click(screen.getByRole('button', { name: 'Connect X (Twitter)' }));

    expect(open).toHaveBeenCalledWith('', 'oauth', expect.stringContaining('width=600,height=700'));
    await waitFor(() => expect(popup!.location.href).toBe(AUTH_URL));
    expect(api.callsTo('POST', '/accounts/x/oauth/initiate')).toHaveLength(1);
  });

  it('says "Popup blocked" and does not initiate when the popup cannot open', async () => {
    popupOpens(null);
    const { user, api } = await openPlatforms([]);

    await user.click(screen.getByRole('button', { name: 'Connect X (Twitter)' }));

    expect(await screen.findByText('Popup blocked')).toBeInTheDocument();
    expect(screen.getByText('Please allow popups for this site to connect your account.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/accounts/x/oauth/initiate')).toHaveLength(0);
  });

  it('closes the popup and shows the message in "Connection failed" when initiate fails', async () => {
    const { popup } = popupOpens();
    const { user } = await openPlatforms([], {
      'POST /accounts/youtube/oauth/initiate': {
        status: 400,
        body: { error: { code: 'PLATFORM_UNAVAILABLE', message: 'YouTube is coming soon' } },
      },
    });

    await user.click(screen.getByRole('button', { name: 'Connect YouTube' }));

    expect(await screen.findByText('Connection failed')).toBeInTheDocument();
    expect(screen.getByText('YouTube is coming soon')).toBeInTheDocument();
    expect(popup!.close).toHaveBeenCalled();
  });

  it('on oauth-success closes the popup, says so and refetches the accounts', async () => {
    const { popup } = popupOpens();
    let accounts: SocialAccount[] = [];
    const { user, api } = await openPlatforms(() => accounts);
    await user.click(screen.getByRole('button', { name: 'Connect X (Twitter)' }));
    await waitFor(() => expect(popup!.location.href).toBe(AUTH_URL));
    const listCalls = api.callsTo('GET', '/accounts').length;

    accounts = [socialAccount({ id: X_ID, platform: 'x', account_name: '@baker' })];
    postFromPopup({ type: 'oauth-success', provider: 'x' });

    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(screen.getByText('X (Twitter) account connected successfully')).toBeInTheDocument();
    expect(popup!.close).toHaveBeenCalled();
    await waitFor(() => expect(api.callsTo('GET', '/accounts').length).toBeGreaterThan(listCalls));
    expect(await within(card('x')).findByText('@baker')).toBeInTheDocument();
  });

  it('on oauth-error shows "Connection failed" with the message', async () => {
    const { popup } = popupOpens();
    const { user } = await openPlatforms([]);
    await user.click(screen.getByRole('button', { name: 'Connect X (Twitter)' }));
    await waitFor(() => expect(popup!.location.href).toBe(AUTH_URL));

    postFromPopup({ type: 'oauth-error', provider: 'x', message: 'The user denied access' });

    expect(await screen.findByText('Connection failed')).toBeInTheDocument();
    expect(screen.getByText('The user denied access')).toBeInTheDocument();
  });

  it('falls back to "OAuth authentication failed" when oauth-error has no message', async () => {
    const { popup } = popupOpens();
    const { user } = await openPlatforms([]);
    await user.click(screen.getByRole('button', { name: 'Connect X (Twitter)' }));
    await waitFor(() => expect(popup!.location.href).toBe(AUTH_URL));

    postFromPopup({ type: 'oauth-error', provider: 'x' });

    expect(await screen.findByText('OAuth authentication failed')).toBeInTheDocument();
  });

  it('refetches the accounts, without a toast, when the popup is closed without a message', async () => {
    const { popup } = popupOpens();
    const { user, api } = await openPlatforms([]);
    await user.click(screen.getByRole('button', { name: 'Connect X (Twitter)' }));
    await waitFor(() => expect(popup!.location.href).toBe(AUTH_URL));
    const listCalls = api.callsTo('GET', '/accounts').length;

    popup!.closed = true;

    await waitFor(() => expect(api.callsTo('GET', '/accounts').length).toBeGreaterThan(listCalls), { timeout: 5000 });
    expect(screen.queryByText('Connection failed')).not.toBeInTheDocument();
    expect(screen.queryByText('Success!')).not.toBeInTheDocument();
  });

  it("hears the result over the app's channel from a popup cut off by its sign-in page, after it looked closed", async () => {
    // A sign-in page with Cross-Origin-Opener-Policy (Bluesky's) severs the popup: popup.closed reads
    // true at once and postMessage cannot reach us; the popup's /oauth-callback broadcasts instead.
    const { popup } = popupOpens();
    let accounts: SocialAccount[] = [];
    const { user, api } = await openPlatforms(() => accounts);
    await user.click(screen.getByRole('button', { name: 'Connect X (Twitter)' }));
    await waitFor(() => expect(popup!.location.href).toBe(AUTH_URL));
    popup!.closed = true;
    await waitFor(() => expect(screen.getByRole('button', { name: 'Connect X (Twitter)' })).toBeEnabled(), { timeout: 5000 });
    const listCalls = api.callsTo('GET', '/accounts').length;

    accounts = [socialAccount({ id: X_ID, platform: 'x', account_name: '@baker' })];
    const channel = new BroadcastChannel(OAUTH_CHANNEL);
    channel.postMessage({ type: 'oauth-success', provider: 'x' });
    channel.close();

    expect(await screen.findByText('X (Twitter) account connected successfully')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/accounts').length).toBeGreaterThan(listCalls));
    expect(await within(card('x')).findByText('@baker')).toBeInTheDocument();
  });

  it('still says so when the success message arrives just after the popup closed itself', async () => {
    const { popup } = popupOpens();
    const { user } = await openPlatforms([]);
    await user.click(screen.getByRole('button', { name: 'Connect X (Twitter)' }));
    await waitFor(() => expect(popup!.location.href).toBe(AUTH_URL));

    // /oauth-callback posts and closes at once; the poll may notice the close first.
    let noticed = false;
    Object.defineProperty(popup!, 'closed', {
      get: () => {
        noticed = true;
        return true;
      },
      set: () => {},
    });
    await waitFor(() => expect(noticed).toBe(true), { timeout: UI.oauthPopup.pollMs * 4 });
    postFromPopup({ type: 'oauth-success', provider: 'x' });

    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(screen.getByText('X (Twitter) account connected successfully')).toBeInTheDocument();
  });

  it('ignores messages from another origin', async () => {
    const { popup } = popupOpens();
    const { user, api } = await openPlatforms([]);
    await user.click(screen.getByRole('button', { name: 'Connect X (Twitter)' }));
    await waitFor(() => expect(popup!.location.href).toBe(AUTH_URL));
    const listCalls = api.callsTo('GET', '/accounts').length;

    // The page handles a message as it is dispatched (postFromPopup wraps it in act), so what it
    // would do with the foreign one is done by the time postFromPopup returns.
    postFromPopup({ type: 'oauth-success', provider: 'x' }, 'https://evil.example');
    expect(screen.queryByText('Success!')).not.toBeInTheDocument();
    expect(popup!.close).not.toHaveBeenCalled();
    expect(api.callsTo('GET', '/accounts')).toHaveLength(listCalls);

    // And the page is still waiting for the real answer: the same message from our origin lands.
    postFromPopup({ type: 'oauth-success', provider: 'x' });
    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(popup!.close).toHaveBeenCalledTimes(1);
  });
});
