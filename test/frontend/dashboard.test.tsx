import { screen, waitFor, within } from '@testing-library/react';
import { fromZonedTime } from 'date-fns-tz';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@shared/posts';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { aPost, aPostMedia, meResponse, mockApi, postTarget, shellRoutes } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

/** hour:30 on the clock of meResponse()'s default zone, Europe/London. */
function at(hour: number) {
  vi.setSystemTime(fromZonedTime(`2025-06-10T${String(hour).padStart(2, '0')}:30:00`, 'Europe/London'));
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

  it.each([
    ['America/New_York', 'Good afternoon', 'Tuesday, June 10'],
    ['Asia/Tokyo', 'Good morning', 'Wednesday, June 11'],
  ])("greets by the time of day in the user's saved timezone (%s), not the browser's clock", async (timezone, greeting, date) => {
    // 19:25 UTC is 15:25 in New York and 04:25 the next day in Tokyo: whatever the browser's zone,
    // at most one of these can match its clock.
    vi.setSystemTime(new Date('2025-06-10T19:25:00Z'));
    mockApi(shellRoutes({ me: meResponse({ profile: { username: 'Sam' }, settings: { timezone } }) }));
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: `${greeting}, Sam` })).toBeInTheDocument();
    expect(screen.getByText(`${date} · Here is what is happening with your posts.`)).toBeInTheDocument();
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
      // The nickname shows which answer the page has rendered: the one from after the write has one.
      'GET /me': () => ({ body: meResponse({ profile: { username: stored ? 'Sam' : null }, settings: { timezone: stored } }) }),
      'PUT /settings/initial-timezone': (call) => {
        stored = (call.body as { timezone: string }).timezone;
        return { body: { settings: meResponse({ settings: { timezone: stored } }).settings } };
      },
    });
    renderApp('/home');
    await screen.findByTestId('greeting');
    await waitFor(() => expect(api.callsTo('PUT', '/settings/initial-timezone')).toHaveLength(1));
    expect(api.callsTo('PUT', '/settings/initial-timezone')[0]!.body).toEqual({ timezone: zone });
    // The me query is refetched and now carries the zone; once the page shows it, no second write happened.
    await screen.findByRole('heading', { name: /, Sam$/ });
    expect(api.callsTo('PUT', '/settings/initial-timezone')).toHaveLength(1);
  });

  it('does not touch the timezone when one is already stored', async () => {
    const api = mockApi(shellRoutes({ me: meResponse({ settings: { timezone: 'Asia/Tokyo' } }) }));
    const { user } = renderApp('/home');
    await screen.findByTestId('greeting');
    // Then a refresh (r) asks for the data again: its requests go out after any write the page
    // started on seeing the settings, so once they have, none was started.
    const before = api.callsTo('GET', '/me').length;
    await user.keyboard('r');
    await waitFor(() => expect(api.callsTo('GET', '/me').length).toBeGreaterThan(before));
    expect(api.callsTo('PUT', '/settings/initial-timezone')).toHaveLength(0);
  });

  it('sends the access token as a bearer token', async () => {
    const api = mockApi(shellRoutes());
    renderApp('/home');
    // The greeting paints before /me has answered (or, with the page's code loaded quickly, been asked).
    await screen.findByTestId('greeting');
    await waitFor(() => expect(api.callsTo('GET', '/me')).not.toHaveLength(0));
    expect(api.callsTo('GET', '/me')[0]!.headers.Authorization).toBe('Bearer access-user-alice');
  });
});

function openDashboard(dashboard: Dashboard, zone = 'Asia/Tokyo') {
  const api = mockApi({
    ...shellRoutes({ me: meResponse({ settings: { timezone: zone } }) }),
    'GET /dashboard': { body: dashboard },
  });
  return { ...renderApp('/home'), api };
}

const LONG = 'Our autumn menu is here: pumpkin loaves, apple tarts and spiced buns, all week long';

describe("the dashboard's post lists", () => {
  beforeEach(() => {
    resetAmplifyMocks();
    signedInAs();
  });

  it('lists the next scheduled posts with caption, blurred thumbnail, platforms, status and time', async () => {
    openDashboard({
      upcoming: [
        aPost({
          id: 'p1',
          status: 'scheduled',
          scheduled_at: '2030-07-01T10:00:00.000Z',
          media: [aPostMedia()],
          platforms: [postTarget({ id: 't1', platform: 'instagram', caption: LONG }), postTarget({ id: 't2', platform: 'x', caption: 'Short' })],
        }),
        aPost({
          id: 'p2',
          status: 'queued',
          scheduled_at: '2030-07-02T23:30:00.000Z',
          platforms: [postTarget({ id: 't3', platform: 'facebook', caption: '' })],
        }),
      ],
      recent: [],
    });
    const section = within(await screen.findByTestId('dashboard-next-scheduled-posts'));
    const items = await section.findAllByTestId('upcoming-post');
    expect(items).toHaveLength(2);

    const first = within(items[0]!);
    expect(first.getByText(`${LONG.slice(0, 60)}…`)).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Instagram' })).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'X' })).toBeInTheDocument();
    expect(first.getByText('Scheduled')).toBeInTheDocument();
    expect(first.getByText('Jul 1, 7:00 PM')).toBeInTheDocument();
    const thumbnail = first.getByTestId('dashboard-thumbnail').querySelector('img')!;
    expect(thumbnail).toHaveAttribute('src', 'https://cdn.example/1.jpg');
    expect(thumbnail).toHaveStyle({ filter: 'blur(4px)' });

    const second = within(items[1]!);
    expect(second.getByText('(No caption)')).toBeInTheDocument();
    expect(second.getByRole('img', { name: 'Facebook' })).toBeInTheDocument();
    expect(second.getByText('Queued')).toBeInTheDocument();
    // 23:30 UTC on the 2nd is the 3rd in Tokyo.
    expect(second.getByText('Jul 3, 8:30 AM')).toBeInTheDocument();
  });

  it('lists the recently published posts with their platform names and date', async () => {
    openDashboard(
      {
        upcoming: [],
        recent: [
          aPost({
            id: 'p1',
            status: 'posted',
            published_at: '2026-03-04T20:00:00.000Z',
            platforms: [postTarget({ id: 't1', platform: 'instagram', caption: 'Launch day' }), postTarget({ id: 't2', platform: 'x' })],
          }),
        ],
      },
      'America/New_York',
    );
    const section = within(await screen.findByTestId('dashboard-recently-published'));
    const [item] = await section.findAllByTestId('recent-post');
    expect(within(item!).getByText('Launch day')).toBeInTheDocument();
    expect(within(item!).getByText('Instagram, X')).toBeInTheDocument();
    expect(within(item!).getByText('Mar 4')).toBeInTheDocument();
  });

  it('says when there is nothing scheduled or published yet', async () => {
    openDashboard({ upcoming: [], recent: [] });
    expect(await screen.findByText('No scheduled posts yet')).toBeInTheDocument();
    expect(screen.getByText('No published posts yet')).toBeInTheDocument();
  });
});
