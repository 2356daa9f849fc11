import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { mockApi, shellRoutes } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';
import { OAUTH_CHANNEL } from '@/features/connections/oauth-messages';

function withOpener() {
  const opener = { postMessage: vi.fn() };
  Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
  const close = vi.spyOn(window, 'close').mockImplementation(() => {});
  return { opener, close };
}

function signedInWithAccounts() {
  const api = mockApi({ ...shellRoutes(), 'GET /accounts': { body: { accounts: [] } } });
  signedInAs();
  return api;
}

describe('the /oauth-callback page', () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => {
    Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
    vi.restoreAllMocks();
  });

  it('tells its opener about a success, for this origin only, and closes', async () => {
    const { opener, close } = withOpener();
    renderApp('/oauth-callback?status=ok&provider=facebook');

    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(opener.postMessage).toHaveBeenCalledWith({ type: 'oauth-success', provider: 'facebook' }, window.location.origin);
    expect(screen.getByText('Finishing connection…')).toBeInTheDocument();
  });

  it('tells its opener about an error with its message', async () => {
    const { opener, close } = withOpener();
    renderApp('/oauth-callback?error=The%20user%20denied%20access&provider=x');

    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(opener.postMessage).toHaveBeenCalledWith({ type: 'oauth-error', provider: 'x', message: 'The user denied access' }, window.location.origin);
  });

  it.each([
    ['access_denied', 'instagram', 'You cancelled the connection on Instagram.'],
    ['temporarily_unavailable', 'x', 'X is busy or down for maintenance. Please try again in a few minutes.'],
    ['server_error', 'tiktok', 'TikTok had a problem on its side. Please try again in a few minutes.'],
    ['some_new_code', 'youtube', "YouTube couldn't complete the connection. Please try again."],
  ])('puts a bare OAuth error code (%s) in plain words for its opener', async (code, provider, message) => {
    const { opener, close } = withOpener();
    renderApp(`/oauth-callback?error=${code}&provider=${provider}`);

    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(opener.postMessage).toHaveBeenCalledWith({ type: 'oauth-error', provider, message }, window.location.origin);
  });

  it("without an opener (cut off by the sign-in page), tells the app's tab waiting for it over the channel, and closes once it answers", async () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    const heard: unknown[] = [];
    const opener = new BroadcastChannel(OAUTH_CHANNEL);
    opener.onmessage = (event: MessageEvent) => {
      heard.push(event.data);
      opener.postMessage({ type: 'oauth-ack' });
    };
    signedInWithAccounts();
    renderApp('/oauth-callback?status=ok&provider=bluesky');

    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(heard).toEqual([{ type: 'oauth-success', provider: 'bluesky' }]);
    opener.close();
  });

  it('without an opener, and nobody answering on the channel, goes on to /connections with the same query, history replaced', async () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    signedInWithAccounts();
    const app = renderApp('/oauth-callback?status=ok&provider=x');
    const visited: string[] = [];
    app.router.subscribe((state) => visited.push(`${state.location.pathname}${state.location.search}`));

    expect(await screen.findByText('X (Twitter) account connected successfully')).toBeInTheDocument();
    expect(visited).toContain('/connections?status=ok&provider=x');
    expect(app.router.state.historyAction).toBe('REPLACE');
    expect(close).not.toHaveBeenCalled();
  });

  it('without an opener keeps the result in localStorage under oauth_result', async () => {
    // Signed out: /connections sends the visitor on to the landing, and the stored result stays.
    mockApi({});
    const app = renderApp('/oauth-callback?error=Access%20denied&provider=tiktok');

    await waitFor(() => expect(app.location().pathname).toBe('/'));
    expect(JSON.parse(window.localStorage.getItem('oauth_result') ?? 'null')).toMatchObject({
      error: 'Access denied',
      provider: 'tiktok',
    });
  });
});

describe('the /connections page', () => {
  beforeEach(() => resetAmplifyMocks());

  it('shows the success toast from its query and cleans its URL', async () => {
    signedInWithAccounts();
    const app = renderApp('/connections?status=ok&provider=instagram');

    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(screen.getByText('Instagram account connected successfully')).toBeInTheDocument();
    await waitFor(() => expect(app.location().search).toBe(''));
    expect(app.location().pathname).toBe('/connections');
    expect(app.router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByTestId('platform-card-instagram')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect via OAuth TikTok' })).toHaveTextContent('Connect via OAuth');
    expect(screen.getAllByText('Success!')).toHaveLength(1);
  });

  it('shows "Connection failed" with the error from its query', async () => {
    signedInWithAccounts();
    const app = renderApp('/connections?error=Access%20denied&provider=facebook');

    expect(await screen.findByText('Connection failed')).toBeInTheDocument();
    expect(screen.getByText('Access denied')).toBeInTheDocument();
    await waitFor(() => expect(app.location().search).toBe(''));
  });

  it('never shows a raw OAuth code such as access_denied', async () => {
    signedInWithAccounts();
    renderApp('/connections?error=access_denied&provider=facebook');

    expect(await screen.findByText('Connection failed')).toBeInTheDocument();
    expect(screen.getByText('You cancelled the connection on Facebook.')).toBeInTheDocument();
    expect(screen.queryByText(/access_denied/)).not.toBeInTheDocument();
  });

  it('is for signed-in users only', async () => {
    mockApi({});
    const app = renderApp('/connections');
    await waitFor(() => expect(app.location().pathname).toBe('/'));
  });
});
