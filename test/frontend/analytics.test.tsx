import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_FEATURES, ANALYTICS_PLANS, type AnalyticsResponse, type PostAnalyticsResponse } from '@shared/analytics';
import type { PlanId } from '@shared/plans';
import { WORKSPACE_HEADER } from '@shared/workspaces';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { meResponse, mockApi, shellRoutes } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

const P1 = '01JQ00000000000000000000P1';
const ACME = '01JQ0000000000000000000AC1';

/** GET /analytics as the server answers a plan: the views it does not include are null and listed in `locked`. */
function analytics(plan: PlanId, overrides: Partial<AnalyticsResponse> = {}): AnalyticsResponse {
  const { features, maxDays } = ANALYTICS_PLANS[plan];
  const has = (f: (typeof ANALYTICS_FEATURES)[number]) => features.includes(f);
  return {
    plan,
    days: 30,
    max_days: maxDays,
    from: '2026-02-24',
    to: '2026-03-25',
    timezone: 'Europe/London',
    client_id: null,
    locked: ANALYTICS_FEATURES.filter((f) => !has(f)),
    totals: [
      { platform: 'instagram', published: 4, failed: 1, views: 12345, engagements: 678 },
      { platform: 'x', published: 2, failed: 0, views: 900, engagements: 40 },
    ],
    daily: has('daily')
      ? [
          { date: '2026-03-02', platform: 'instagram', views: 5000, engagements: 300 },
          { date: '2026-03-10', platform: 'instagram', views: 7345, engagements: 378 },
          { date: '2026-03-10', platform: 'x', views: 900, engagements: 40 },
        ]
      : null,
    top_posts: has('top_posts')
      ? [
          {
            post_id: P1,
            platform: 'instagram',
            caption: 'Fresh sourdough today',
            published_at: '2026-03-10T08:00:00.000Z',
            post_url: 'https://sandbox.test/instagram/p/1',
            views: 7345,
            engagements: 378,
          },
        ]
      : null,
    previous: has('comparison')
      ? [
          { platform: 'instagram', published: 2, failed: 1, views: 10000, engagements: 800 },
          { platform: 'x', published: 0, failed: 0, views: 0, engagements: 0 },
        ]
      : null,
    best_times: has('best_times') ? [{ weekday: 1, hour: 9, posts: 3, engagements_per_post: 120.4 }] : null,
    needs_reconnect: [],
    ...overrides,
  };
}

const POST_HISTORY: PostAnalyticsResponse = {
  post_id: P1,
  platforms: [
    {
      platform: 'instagram',
      status: 'collecting',
      latest: { views: 7345, reach: 5000, likes: 300, comments: 50, shares: 20, saves: 8 },
      snapshots: [
        { at: '2026-03-10T09:00:00.000Z', views: 1200, reach: 900, likes: 40, comments: 5, shares: 1, saves: 0 },
        { at: '2026-03-11T08:00:00.000Z', views: 7345, reach: 5000, likes: 300, comments: 50, shares: 20, saves: 8 },
      ],
    },
  ],
};

type Routes = Parameters<typeof mockApi>[0];

/** The periods asked for, in order, without the repeat StrictMode's remount makes (the aborted first fetch). */
const periodsAsked = (api: ReturnType<typeof mockApi>) =>
  api
    .callsTo('GET', '/analytics')
    .map((c) => c.query.days)
    .filter((days, i, all) => days !== all[i - 1]);

function openAnalytics(
  response: AnalyticsResponse | ((query: Record<string, string>) => AnalyticsResponse),
  extra: Routes = {},
  mode: 'creator' | 'agency' = 'creator',
) {
  const api = mockApi({
    ...shellRoutes({ me: meResponse({ settings: { mode } }) }),
    'GET /clients': { body: { items: [{ id: ACME, name: 'Acme Bakery', logo_url: null, created_at: '2026-01-01T12:00:00.000Z' }] } },
    'GET /analytics': (call) => ({ body: typeof response === 'function' ? response(call.query) : response }),
    ...extra,
  });
  const app = renderApp('/home/analytics', { strict: true });
  return { ...app, api };
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Analytics' });
/** A table row's header and data cells, as text. */
const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent);
const locked = (feature: string) => screen.getByTestId(`locked-${feature}`);

describe('the Analytics page', () => {
  beforeEach(() => {
    resetAmplifyMocks();
    signedInAs();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('is in the sidebar as "Analytics"', async () => {
    openAnalytics(analytics('free'));
    await heading();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/home/analytics');
  });

  it("Free: the last 30 days' totals per platform, and every other view locked with the plan that unlocks it", async () => {
    const { api } = openAnalytics(analytics('free'));
    const instagram = await screen.findByTestId('totals-instagram');
    expect(within(instagram).getByTestId('instagram-published')).toHaveTextContent('4');
    expect(within(instagram).getByTestId('instagram-failed')).toHaveTextContent('1');
    expect(within(instagram).getByTestId('instagram-views')).toHaveTextContent('12,345');
    expect(within(instagram).getByTestId('instagram-engagements')).toHaveTextContent('678');
    expect(screen.getByTestId('totals-x')).toBeInTheDocument();
    expect(api.callsTo('GET', '/analytics')[0]!.query).toEqual({ days: '30' });

    // Locked: a description of what each would show, and the upgrade to the cheapest plan that has it.
    for (const [feature, plan] of [
      ['daily', 'Basic'],
      ['top_posts', 'Basic'],
      ['export', 'Basic'],
      ['comparison', 'Pro'],
      ['best_times', 'Pro'],
    ] as const) {
      expect(within(locked(feature)).getByText(`Upgrade to ${plan} to see this.`)).toBeInTheDocument();
      expect(within(locked(feature)).getByRole('link', { name: `Upgrade to ${plan}` })).toHaveAttribute('href', '/home/subscription');
    }
    expect(within(locked('daily')).getByText(/chart of the views and engagements/)).toBeInTheDocument();
    // Client reports mean nothing to a creator; the per-post panel is part of top posts' preview.
    expect(screen.queryByTestId('locked-client_reports')).not.toBeInTheDocument();
    expect(screen.queryByTestId('locked-post_history')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('daily')).not.toBeInTheDocument();
    expect(screen.queryByTestId('top-posts')).not.toBeInTheDocument();
  });

  it('Free: a longer period shows the upgrade instead of asking the server', async () => {
    const { api, user } = openAnalytics(analytics('free'));
    await screen.findByTestId('totals-instagram');
    const period = screen.getByRole('group', { name: 'Period' });
    await user.click(within(period).getByRole('button', { name: /365 days/ }));
    const upsell = screen.getByTestId('period-upsell');
    expect(upsell).toHaveTextContent('The last 365 days are part of a higher plan.');
    expect(within(upsell).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/home/subscription');
    await user.click(within(period).getByRole('button', { name: /90 days/ }));
    expect(within(screen.getByTestId('period-upsell')).getByRole('link', { name: 'Upgrade to Basic' })).toBeInTheDocument();
    expect(periodsAsked(api)).toEqual(['30']);
    expect(within(period).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('Basic: the chart by day, top posts and the CSV; comparison and best times locked to Pro', async () => {
    openAnalytics(analytics('basic', { days: 90 }));
    const daily = await screen.findByTestId('daily');
    expect(within(daily).getByRole('heading', { name: 'Views and engagements by day' })).toBeInTheDocument();
    const top = screen.getByTestId('top-posts');
    expect(within(top).getByText('Fresh sourdough today')).toBeInTheDocument();
    expect(within(top).getByText('7,345')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(within(locked('comparison')).getByRole('link', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(within(locked('best_times')).getByRole('link', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(screen.queryByTestId('locked-daily')).not.toBeInTheDocument();
    expect(screen.queryByTestId('best-times')).not.toBeInTheDocument();
  });

  it('the chart has a table fallback with the same numbers, per day and platform', async () => {
    const { user } = openAnalytics(analytics('basic'));
    const daily = await screen.findByTestId('daily');
    expect(within(daily).queryByRole('table')).not.toBeInTheDocument();
    await user.click(within(daily).getByRole('button', { name: 'Show as table' }));
    const table = within(daily).getByRole('table', { name: /Views by day per platform/ });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => cells(row))).toEqual([
      ['Day', 'Instagram', 'X'],
      ['Mar 2, 2026', '5,000', '0'],
      ['Mar 10, 2026', '7,345', '900'],
    ]);
    await user.click(within(daily).getByRole('button', { name: 'Engagements' }));
    const engagements = within(daily).getByRole('table', { name: /Engagements by day/ });
    const mar10 = within(engagements).getAllByRole('row')[2]!;
    expect(cells(mar10)).toEqual(['Mar 10, 2026', '378', '40']);
  });

  it("Pro: the change against the previous period on each total, and the best times in the user's timezone", async () => {
    openAnalytics(analytics('pro'));
    const instagram = await screen.findByTestId('totals-instagram');
    // 12,345 views against 10,000 before; 678 engagements against 800; 4 published against 2.
    expect(within(instagram).getByText('+23%')).toBeInTheDocument();
    expect(within(instagram).getByText(/^[-−]15%$/)).toBeInTheDocument();
    expect(within(instagram).getByText('+100%')).toBeInTheDocument();
    // Nothing before on X: new.
    expect(within(screen.getByTestId('totals-x')).getAllByText('New').length).toBeGreaterThan(0);
    const best = screen.getByTestId('best-times');
    expect(within(best).getByText('Tuesday, 9:00 AM–10:00 AM')).toBeInTheDocument();
    expect(within(best).getByText('120 engagements per post')).toBeInTheDocument();
    expect(best).toHaveTextContent('London');
    expect(screen.queryByTestId('locked-views')).not.toBeInTheDocument();
  });

  it('Pro in agency mode: a client report asks for that client', async () => {
    const { api, user } = openAnalytics(
      (query) =>
        analytics('pro', {
          client_id: query.client ?? null,
          totals: query.client ? [{ platform: 'x', published: 1, failed: 0, views: 5, engagements: 1 }] : analytics('pro').totals,
        }),
      {},
      'agency',
    );
    await screen.findByTestId('totals-instagram');
    // The picker lists the clients once their list has arrived (its schema loads with it).
    await screen.findByRole('option', { name: 'Acme Bakery' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Client report' }), ACME);
    await waitFor(() => expect(screen.queryByTestId('totals-instagram')).not.toBeInTheDocument());
    expect(api.callsTo('GET', '/analytics').at(-1)!.query).toEqual({ days: '30', client: ACME });
  });

  it('Basic in agency mode: client reports are shown locked to Pro, with no client picker', async () => {
    openAnalytics(analytics('basic'), {}, 'agency');
    await screen.findByTestId('totals-instagram');
    expect(within(locked('client_reports')).getByRole('link', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Client report' })).not.toBeInTheDocument();
  });

  it('changing the period asks for it again', async () => {
    const { api, user } = openAnalytics((query) => analytics('basic', { days: Number(query.days) }));
    await screen.findByTestId('totals-instagram');
    await user.click(within(screen.getByRole('group', { name: 'Period' })).getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(periodsAsked(api)).toEqual(['30', '90']));
    expect(within(screen.getByRole('group', { name: 'Period' })).getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByTestId('period-upsell')).not.toBeInTheDocument();
  });

  it('says when nothing was published in the period, and links to Compose', async () => {
    openAnalytics(analytics('free', { totals: [] }));
    const empty = await screen.findByTestId('analytics-empty');
    expect(empty).toHaveTextContent('No published posts in the last 30 days yet');
    expect(within(empty).getByRole('link', { name: 'Compose a post' })).toHaveAttribute('href', '/home/compose');
    expect(screen.queryByTestId('totals-instagram')).not.toBeInTheDocument();
  });

  it('shows skeletons while loading', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { api } = openAnalytics(analytics('free'));
    const answer = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/analytics')) await gate;
      return answer(input, init);
    });
    expect(await screen.findByTestId('analytics-loading')).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByTestId('totals-instagram')).toBeInTheDocument();
    expect(screen.queryByTestId('analytics-loading')).not.toBeInTheDocument();
  });

  it('shows the error with "Try again", which loads the page', async () => {
    let fail = true;
    const { user } = openAnalytics(analytics('free'), {
      'GET /analytics': () => (fail ? { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } } : { body: analytics('free') }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Couldn't load your analytics");
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('totals-instagram')).toBeInTheDocument();
  });

  it("downloads the period's CSV of the current workspace with the user's token", async () => {
    // The download goes around the API client, so it must name the workspace itself.
    window.localStorage.setItem('sa.workspace.user-alice', '01JQ0000000000000000000AG1');
    const csv = 'date,platform,views\n2026-03-10,instagram,7345\n';
    const saved: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (saved.push(blob), 'blob:analytics')), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('analytics-90d.csv');
      expect(this.href).toBe('blob:analytics');
    });
    const { api, user } = openAnalytics((query) => analytics('basic', { days: Number(query.days) }), {
      'GET /analytics/export': { text: csv, contentType: 'text/csv' },
    });
    await screen.findByTestId('totals-instagram');
    await user.click(within(screen.getByRole('group', { name: 'Period' })).getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(periodsAsked(api)).toEqual(['30', '90']));
    await waitFor(() => expect(screen.queryByLabelText('Updating')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const calls = api.callsTo('GET', '/analytics/export');
    expect(calls).toHaveLength(1);
    const call = calls[0];
    expect(call!.query).toEqual({ days: '90' });
    expect(call!.headers.Authorization).toMatch(/^Bearer \S+/);
    expect(call!.headers[WORKSPACE_HEADER]).toBe('01JQ0000000000000000000AG1');
    expect(await saved[0]!.text()).toBe(csv);
  });

  it('opens a top post in a panel with its metrics over time', async () => {
    const { api, user } = openAnalytics(analytics('basic'), { [`GET /analytics/posts/${P1}`]: { body: POST_HISTORY } });
    const top = await screen.findByTestId('top-posts');
    await user.click(within(top).getByRole('button', { name: /Details: metrics over time of Fresh sourdough today on Instagram/ }));
    const dialog = await screen.findByRole('dialog', { name: '“Fresh sourdough today”' });
    const history = await within(dialog).findByTestId('history-instagram');
    expect(within(history).getByText('Still collecting')).toBeInTheDocument();
    const table = within(history).getByRole('table', { name: 'Readings on Instagram' });
    const rows = within(table).getAllByRole('row').slice(1);
    // Engagements = likes + comments + shares + saves; times in the user's timezone (London, GMT in March).
    expect(rows.map((row) => cells(row))).toEqual([
      ['Mar 10, 9:00 AM', '1,200', '46', '40', '5', '1', '0'],
      ['Mar 11, 8:00 AM', '7,345', '378', '300', '50', '20', '8'],
    ]);
    expect(api.callsTo('GET', `/analytics/posts/${P1}`).length).toBeGreaterThan(0);
  });

  it('says TikTok reports no numbers for a private post instead of waiting for readings', async () => {
    const history: PostAnalyticsResponse = {
      post_id: P1,
      platforms: [...POST_HISTORY.platforms, { platform: 'tiktok', status: 'private', latest: null, snapshots: [] }],
    };
    const { user } = openAnalytics(analytics('basic'), { [`GET /analytics/posts/${P1}`]: { body: history } });
    const top = await screen.findByTestId('top-posts');
    await user.click(within(top).getByRole('button', { name: /Details: metrics over time of Fresh sourdough today on Instagram/ }));
    const dialog = await screen.findByRole('dialog', { name: '“Fresh sourdough today”' });
    const tiktok = await within(dialog).findByTestId('history-tiktok');
    expect(tiktok).toHaveTextContent('TikTok does not report numbers for private posts');
    expect(tiktok).not.toHaveTextContent('No readings yet');
  });

  it('lists the connections that need reconnecting to see analytics, with the way to Platforms', async () => {
    openAnalytics(analytics('free', { needs_reconnect: [{ account_id: 'acc-1', platform: 'instagram', account_name: '@acme' }] }));
    const notice = await screen.findByTestId('analytics-reconnect');
    expect(notice).toHaveTextContent('Reconnect to see analytics');
    expect(notice).toHaveTextContent('@acme (Instagram)');
    expect(within(notice).getByRole('link', { name: 'Reconnect on the Platforms page' })).toHaveAttribute('href', '/home/platforms');
  });

  it("formats numbers in the user's locale", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    openAnalytics(analytics('free'));
    const instagram = await screen.findByTestId('totals-instagram');
    expect(within(instagram).getByTestId('instagram-views')).toHaveTextContent('12.345');
  });
});
