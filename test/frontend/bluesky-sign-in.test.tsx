import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAmplifyMocks } from './helpers/amplify-mocks';
import { mockApi } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

/*
 * The Bluesky step of the connect popup: handle and app password in place of a consent page; the
 * answer sends the popup to /oauth-callback, which tells the opener as for every network.
 */
describe('the Bluesky sign-in page in the connect popup', () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => {
    Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
    vi.restoreAllMocks();
  });

  it('sends the handle, app password and state once, then reports the connect to the opener', async () => {
    const opener = { postMessage: vi.fn() };
    Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    const api = mockApi({
      'POST /oauth/bluesky/callback': { body: { location: `${window.location.origin}/oauth-callback?status=ok&provider=bluesky` } },
    });
    renderApp('/bluesky-sign-in?state=s-123');

    await userEvent.type(await screen.findByLabelText('Handle'), '@ada.bsky.social');
    await userEvent.type(screen.getByLabelText('App password'), 'abcd-efgh-ijkl-mnop');
    await userEvent.click(screen.getByRole('button', { name: 'Connect Bluesky' }));

    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(api.callsTo('POST', '/oauth/bluesky/callback').map((c) => c.body)).toEqual([
      { state: 's-123', identifier: '@ada.bsky.social', app_password: 'abcd-efgh-ijkl-mnop' },
    ]);
    expect(opener.postMessage).toHaveBeenCalledWith({ type: 'oauth-success', provider: 'bluesky' }, window.location.origin);
  });

  it('asks for both fields before sending anything', async () => {
    const api = mockApi({});
    renderApp('/bluesky-sign-in?state=s-123');

    await userEvent.click(await screen.findByRole('button', { name: 'Connect Bluesky' }));

    expect(await screen.findByText('Enter your Bluesky handle')).toBeInTheDocument();
    expect(screen.getByText('Enter an app password')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/oauth'))).toEqual([]);
  });

  it('opened without a connect state, says to start from Platforms', async () => {
    mockApi({});
    renderApp('/bluesky-sign-in');

    expect(await screen.findByText('This page opens from Platforms when you connect Bluesky. Start there.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Bluesky' })).toBeDisabled();
  });
});
