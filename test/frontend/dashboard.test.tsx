import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { meResponse, mockApi, shellRoutes } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

vi.mock('aws-amplify', () => import('./helpers/amplify-mocks').then((m) => m.coreModule));
vi.mock('aws-amplify/auth', () => import('./helpers/amplify-mocks').then((m) => m.authModule));
vi.mock('aws-amplify/utils', () => import('./helpers/amplify-mocks').then((m) => m.utilsModule));

function at(hour: number) {
  vi.setSystemTime(new Date(2025, 5, 10, hour, 30));
}

describe('the dashboard', () => {
  beforeEach(() => {
    resetAmplifyMocks();
    signedInAs();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    [8, 'Good morning'],
    [13, 'Good afternoon'],
    [20, 'Good evening'],
  ])('greets by the time of day (%s h → %s) with the nickname', async (hour, greeting) => {
    at(hour);
    mockApi(shellRoutes({ me: meResponse({ profile: { username: 'Sam' } }) }));
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: `${greeting}, Sam` })).toBeInTheDocument();
  });

  it('says "there" when the user has no nickname', async () => {
    at(19);
    mockApi(shellRoutes({ me: meResponse({ profile: { username: null } }) }));
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Good evening, there' })).toBeInTheDocument();
  });

  it('links the Compose, Schedule and Posts quick cards to their views', async () => {
    mockApi(shellRoutes());
    renderApp('/home');
    await screen.findByTestId('greeting');
    const quick = screen.getByRole('navigation', { name: 'Quick actions' });
    expect(quick.querySelector('a[href="/home/compose"]')).toHaveTextContent('Compose');
    expect(quick.querySelector('a[href="/home/schedule"]')).toHaveTextContent('Schedule');
    expect(quick.querySelector('a[href="/home/posts"]')).toHaveTextContent('Posts');
  });

  it("saves the browser's timezone once when none is stored yet", async () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    let stored: string | null = null;
    const api = mockApi({
      ...shellRoutes(),
      'GET /me': () => ({ body: meResponse({ settings: { timezone: stored } }) }),
      'PUT /settings/initial-timezone': (call) => {
        stored = (call.body as { timezone: string }).timezone;
        return { body: { settings: meResponse({ settings: { timezone: stored } }).settings } };
      },
    });
    renderApp('/home');
    await screen.findByTestId('greeting');
    await waitFor(() => expect(api.callsTo('PUT', '/settings/initial-timezone')).toHaveLength(1));
    expect(api.callsTo('PUT', '/settings/initial-timezone')[0]!.body).toEqual({ timezone: zone });
    // The me query is refetched and now carries the zone; no second write happens.
    await waitFor(() => expect(api.callsTo('GET', '/me').length).toBeGreaterThanOrEqual(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('PUT', '/settings/initial-timezone')).toHaveLength(1);
  });

  it('does not touch the timezone when one is already stored', async () => {
    const api = mockApi(shellRoutes({ me: meResponse({ settings: { timezone: 'Asia/Tokyo' } }) }));
    renderApp('/home');
    await screen.findByTestId('greeting');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('PUT', '/settings/initial-timezone')).toHaveLength(0);
  });

  it('sends the access token as a bearer token', async () => {
    const api = mockApi(shellRoutes());
    renderApp('/home');
    await screen.findByTestId('greeting');
    expect(api.callsTo('GET', '/me')[0]!.headers.Authorization).toBe('Bearer access-user-alice');
  });
});
