import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Client } from '@shared/clients';
import { CONNECT_LINK_MSG, type ConnectLink, type ConnectLinkPreview } from '@shared/connect-links';
import type { WorkspaceSummary } from '@shared/workspaces';
import { resetAmplifyMocks, signedInAs, signedOut } from './helpers/amplify-mocks';
import { meResponse, mockApi, platformsResponse, shellRoutes } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

const ACME = '01JQ0000000000000000000AC1';
const LINK = '01JQ0000000000000000000LK1';
const TOKEN = 'T'.repeat(43);
const URL_OF_LINK = `http://localhost:3000/connect?token=${TOKEN}`;
const AUTH_URL = 'https://sandbox.example/facebook/authorize?state=abc';
const acme: Client = { id: ACME, name: 'Acme Bakery', logo_url: null, created_at: '2026-03-14T12:00:00.000Z' };
const workspace = (role: WorkspaceSummary['role']): WorkspaceSummary => ({ id: 'user-alice', name: 'My workspace', role });

function clientsWithLinks(role: WorkspaceSummary['role']) {
  let links: ConnectLink[] = [];
  return mockApi({
    ...shellRoutes({ me: meResponse({ settings: { mode: 'agency' } }), platforms: platformsResponse('basic') }),
    'GET /workspaces': { body: { items: [workspace(role)] } },
    'GET /clients': { body: { items: [acme] } },
    [`GET /clients/${ACME}/connect-links`]: () => ({ body: { items: links } }),
    [`POST /clients/${ACME}/connect-links`]: (call) => {
      const body = call.body as { platforms: ConnectLink['platforms']; expires_in_days: number };
      const link = { id: LINK, client_id: ACME, platforms: body.platforms, created_at: '2026-03-14T12:00:00.000Z', expires_at: '2026-03-17T12:00:00.000Z' };
      links = [link];
      return { status: 201, body: { ...link, url: URL_OF_LINK } };
    },
    [`DELETE /clients/${ACME}/connect-links/${LINK}`]: () => {
      links = [];
      return { status: 204 };
    },
  });
}

describe('the connect link dialog on the Clients page', () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => vi.restoreAllMocks());

  it('lets an Admin make a link for the chosen networks, shows its URL to copy, and revokes it', async () => {
    const api = clientsWithLinks('admin');
    signedInAs();
    const { user } = renderApp('/home/clients');

    await user.click(await screen.findByRole('button', { name: 'Connect link for Acme Bakery' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('No active links.')).toBeInTheDocument();
    // Basic includes Facebook, Instagram, X, Bluesky, Threads, LinkedIn and Pinterest; untick Instagram, make it for 3 days.
    await user.click(await within(dialog).findByText('Instagram'));
    await user.selectOptions(within(dialog).getByLabelText('Days the link works'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    expect(await within(dialog).findByLabelText('Connect link')).toHaveValue(URL_OF_LINK);
    expect(api.callsTo('POST', `/clients/${ACME}/connect-links`)[0]!.body).toEqual({
      platforms: ['facebook', 'x', 'bluesky', 'threads', 'linkedin', 'pinterest'],
      expires_in_days: 3,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    // user-event stands in for the system clipboard.
    expect(await navigator.clipboard.readText()).toBe(URL_OF_LINK);
    const active = await within(dialog).findByRole('list', { name: 'Active links' });
    expect(active).toHaveTextContent('Facebook, X');

    await user.click(within(active).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.callsTo('DELETE', `/clients/${ACME}/connect-links/${LINK}`)).toHaveLength(1));
    expect(await within(dialog).findByText('No active links.')).toBeInTheDocument();
  });

  it('offers no connect link to an Editor', async () => {
    clientsWithLinks('editor');
    signedInAs();
    renderApp('/home/clients');

    expect(await screen.findByText('Acme Bakery')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect link for Acme Bakery' })).not.toBeInTheDocument();
  });
});

interface FakePopup {
  closed: boolean;
  close: ReturnType<typeof vi.fn>;
  location: { href: string };
}

function popupOpens(): FakePopup {
  const popup: FakePopup = {
    closed: false,
    close: vi.fn(() => {
      popup.closed = true;
    }),
    location: { href: '' },
  };
  vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
  return popup;
}

function postFromPopup(data: unknown) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin: window.location.origin }));
  });
}

describe('the public connect page', () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => vi.restoreAllMocks());

  const preview = (facebookCount: number): ConnectLinkPreview => ({
    workspace_name: 'Studio North',
    client_name: 'Acme Bakery',
    platforms: [
      { platform: 'facebook', available: true, connected_count: facebookCount },
      { platform: 'youtube', available: false, connected_count: 0 },
    ],
    expires_at: '2026-03-21T12:00:00.000Z',
  });

  it('shows who asks, opens the consent popup from the link without signing in, and says what got connected', async () => {
    const popup = popupOpens();
    let connected = 0;
    const api = mockApi({
      'GET /connect-links/preview': () => ({ body: preview(connected) }),
      'POST /connect-links/start': { body: { authUrl: AUTH_URL } },
    });
    signedOut();
    const { user } = renderApp(`/connect?token=${TOKEN}`);

    expect(await screen.findByTestId('connect-link-summary')).toHaveTextContent("Studio North asks you to connect Acme Bakery's accounts.");
    expect(api.callsTo('GET', '/connect-links/preview')[0]!.query).toEqual({ token: TOKEN });
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect Facebook' }));
    await waitFor(() => expect(popup.location.href).toBe(AUTH_URL));
    const start = api.callsTo('POST', '/connect-links/start')[0]!;
    expect(start.body).toEqual({ token: TOKEN, platform: 'facebook' });
    expect(start.headers.Authorization).toBeUndefined();

    connected = 2;
    postFromPopup({ type: 'oauth-success', provider: 'facebook' });

    expect(await screen.findByTestId('connect-link-result')).toHaveTextContent('Connected: Facebook');
    expect(await screen.findByText('2 accounts connected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect another' })).toBeInTheDocument();
  });

  it('shows the callback’s refusal when the link was revoked meanwhile', async () => {
    popupOpens();
    mockApi({ 'GET /connect-links/preview': { body: preview(0) }, 'POST /connect-links/start': { body: { authUrl: AUTH_URL } } });
    signedOut();
    const { user } = renderApp(`/connect?token=${TOKEN}`);

    await user.click(await screen.findByRole('button', { name: 'Connect Facebook' }));
    postFromPopup({ type: 'oauth-error', provider: 'facebook', message: CONNECT_LINK_MSG.revokedMeanwhile });

    expect(await screen.findByTestId('connect-link-failure')).toHaveTextContent(CONNECT_LINK_MSG.revokedMeanwhile);
    expect(screen.queryByTestId('connect-link-result')).not.toBeInTheDocument();
  });

  it('brings a consent popup that lost its opener back to the link, with the result, not to the signed-in pages', async () => {
    popupOpens();
    mockApi({ 'GET /connect-links/preview': { body: preview(1) }, 'POST /connect-links/start': { body: { authUrl: AUTH_URL } } });
    signedOut();
    const page = renderApp(`/connect?token=${TOKEN}`);
    await page.user.click(await screen.findByRole('button', { name: 'Connect another' }));
    page.unmount();

    // The platform's page severed window.opener; the callback lands in the popup on its own.
    const popupTab = renderApp('/oauth-callback?status=ok&provider=facebook');

    await waitFor(() => expect(popupTab.location().pathname).toBe('/connect'));
    expect(await screen.findByTestId('connect-link-result')).toHaveTextContent('Connected: Facebook');
    await waitFor(() => expect(popupTab.location().search).toBe(`?token=${TOKEN}`));
  });

  it.each([
    [410, CONNECT_LINK_MSG.expired],
    [404, CONNECT_LINK_MSG.notFound],
  ])('says plainly why a link answered %i does not work', async (status, message) => {
    mockApi({ 'GET /connect-links/preview': { status, body: { error: { code: 'X', message } } } });
    signedOut();
    renderApp(`/connect?token=${TOKEN}`);

    expect(await screen.findByTestId('connect-link-problem')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: /Connect/ })).not.toBeInTheDocument();
  });

  it('does not ask the server about a malformed token', async () => {
    const api = mockApi({});
    signedOut();
    renderApp('/connect?token=short');

    expect(await screen.findByTestId('connect-link-problem')).toHaveTextContent(CONNECT_LINK_MSG.invalid);
    expect(api.callsTo('GET', '/connect-links/preview')).toHaveLength(0);
  });
});
