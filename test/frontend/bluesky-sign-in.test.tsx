import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAmplifyMocks } from './helpers/amplify-mocks';
import { mockApi } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

/*
 * The Bluesky step of the connect popup: which account (its handle), or bsky.social, before the
 * account's own server's sign-in page; an ended connect goes to /oauth-callback, which tells the
 * opener as for every network. No password field: the password is typed only on Bluesky's page.
 */
describe('the Bluesky step in the connect popup', () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => {
    Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
    vi.restoreAllMocks();
  });

  it('sends the handle with the state, and follows the answer to where the connect goes next', async () => {
    const opener = { postMessage: vi.fn() };
    Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    const api = mockApi({
      'POST /oauth/bluesky/callback': { body: { location: `${window.location.origin}/oauth-callback?status=ok&provider=bluesky` } },
    });
    renderApp('/bluesky-sign-in?state=s-123');

    expect(screen.queryByLabelText(/password/i)).toBeNull();
    await userEvent.type(await screen.findByLabelText('Handle'), '@ada.bsky.social');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(api.callsTo('POST', '/oauth/bluesky/callback').map((c) => c.body)).toEqual([{ state: 's-123', identifier: '@ada.bsky.social' }]);
    expect(opener.postMessage).toHaveBeenCalledWith({ type: 'oauth-success', provider: 'bluesky' }, window.location.origin);
  });

  it('goes on to bsky.social without a handle', async () => {
    const api = mockApi({
      'POST /oauth/bluesky/callback': { body: { location: `${window.location.origin}/oauth-callback?error=Cancelled&provider=bluesky` } },
    });
    renderApp('/bluesky-sign-in?state=s-123');

    await userEvent.click(await screen.findByRole('button', { name: 'Continue with bsky.social' }));

    await waitFor(() => expect(api.callsTo('POST', '/oauth/bluesky/callback').map((c) => c.body)).toEqual([{ state: 's-123' }]));
  });

  it('shows why a handle was not found and lets the user try another', async () => {
    const message = "We couldn't find the Bluesky account @nobody.bsky.social. Check the handle and try again.";
    const api = mockApi({ 'POST /oauth/bluesky/callback': { status: 400, body: { error: { code: 'VALIDATION_ERROR', message } } } });
    renderApp('/bluesky-sign-in?state=s-123');

    await userEvent.type(await screen.findByLabelText('Handle'), 'nobody.bsky.social');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(api.callsTo('POST', '/oauth/bluesky/callback')).toHaveLength(1);
  });

  it('asks for the handle before sending anything', async () => {
    const api = mockApi({});
    renderApp('/bluesky-sign-in?state=s-123');

    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Enter your Bluesky handle')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/oauth'))).toEqual([]);
  });

  it('opened without a connect state, says to start from Platforms', async () => {
    mockApi({});
    renderApp('/bluesky-sign-in');

    expect(await screen.findByText('This page opens from Platforms when you connect Bluesky. Start there.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });
});
