import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListedConnection } from '@shared/connection-health';
import type { LimitWarning } from '@shared/platform-limits';
import type { Post } from '@shared/posts';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { aPost, aSquarePhoto, meResponse, mockApi, postTarget, shellRoutes, socialAccount } from './helpers/api-mock';
import { platformTile } from './helpers/compose';
import { renderApp } from './helpers/render-app';
import { chooseScheduleTime } from './helpers/schedule';

/** In the browser: expiry on the Platforms page, flags on the Posts page and in compose, limit warnings before saving. */
const DAY = 86_400_000;
const IG_ID = '01JQ00000000000000000000A1';
const X_ID = '01JQ00000000000000000000X1';
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

function listed(account: Parameters<typeof socialAccount>[0], expiresAt: string | null): ListedConnection {
  const base: Omit<ListedConnection, 'health' | 'profile_url'> & { profile_url?: string | null } = socialAccount(account);
  return { ...base, profile_url: base.profile_url ?? null, health: { expires_at: expiresAt, missing_publish_permission: false } };
}

const WARNING: LimitWarning = {
  platform: 'x',
  social_account_id: X_ID,
  account_name: '@baker',
  cap: 300,
  window: 'rolling-3h',
  would_be: 301,
  over_at: '2030-07-01T08:00:00.000Z',
  next_free_at: '2030-07-01T09:15:00.000Z',
  message: 'X allows 300 posts in 3 hours for @baker; this would be the 301st in the 3 hours before Mon Jul 1, 09:00. The next free time is Mon Jul 1, 10:15.',
};

function createdPost(): Post {
  return aPost({ id: '01JQ00000000000000000000P1', platforms: [] });
}

describe('connection health and platform limits in the app', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetAmplifyMocks();
    signedInAs();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows on the Platforms page when each connection must be renewed', async () => {
    // Prepare
    mockApi({
      ...shellRoutes(),
      'GET /accounts': {
        body: {
          accounts: [
            listed({ id: IG_ID, platform: 'instagram', account_name: '@acme' }, inDays(8.5)),
            listed({ id: X_ID, platform: 'x', account_name: '@baker' }, null),
          ],
        },
      },
    });

    // Act
    renderApp('/home/platforms');

    // Assess
    const instagram = await screen.findByTestId('platform-card-instagram');
    expect(await within(instagram).findByTestId('connection-expiry')).toHaveTextContent('Reconnect within 9 days');
    expect(within(screen.getByTestId('platform-card-x')).queryByTestId('connection-expiry')).not.toBeInTheDocument();
  });

  it('flags a scheduled post whose account cannot publish at its time on its Posts card', async () => {
    // Prepare
    const post = aPost({ id: '01JQ00000000000000000000P2' });
    const flagged = {
      ...post,
      connection_issues: [
        { target_id: post.platforms[0]!.id, message: "@acme's Instagram connection expires before this post's time; reconnect on Platforms." },
      ],
    };
    mockApi({
      ...shellRoutes(),
      'GET /posts/counts': { body: { scheduled: 1, posted: 0, drafts: 0, failed: 0 } },
      'GET /posts': (call) => ({ body: { items: call.query.tab === 'scheduled' ? [flagged] : [], nextCursor: null } }),
    });

    // Act
    renderApp('/home/posts');

    // Assess
    const card = await screen.findByTestId('post-card');
    expect(within(card).getByTestId('post-connection-issues')).toHaveTextContent(
      "@acme's Instagram connection expires before this post's time; reconnect on Platforms.",
    );
  });

  it('says after an edit that the new time is over a platform limit (the edit is saved)', async () => {
    // Prepare
    // The dialog is the Compose form: it needs the accounts, and Instagram a photo.
    const photo = aSquarePhoto();
    const post = aPost({ id: 'p1', scheduled_at: '2030-07-01T10:00:00.000Z', media: [photo] });
    const api = mockApi({
      ...shellRoutes(),
      'GET /accounts': { body: { accounts: [socialAccount({ id: post.platforms[0]!.social_account_id, platform: 'instagram', account_name: '@acme' })] } },
      'GET /posts/counts': { body: { scheduled: 1, posted: 0, drafts: 0, failed: 0 } },
      'GET /posts': (call) => ({ body: { items: call.query.tab === 'scheduled' ? [post] : [], nextCursor: null } }),
      'PATCH /posts/p1': {
        body: {
          ...post,
          limit_warnings: [
            { ...WARNING, platform: 'instagram', social_account_id: 'a', message: 'Instagram allows 50 posts a day for @acme; this would be the 51st.' },
          ],
        },
      },
    });
    const { user } = renderApp('/home/posts?tab=scheduled');
    const card = await screen.findByTestId('post-card');
    await user.click(within(card).getByRole('button', { name: 'Edit post' }));
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findByRole('form', { name: 'Edit Post' });

    // Act
    await user.click(dialog.getByRole('button', { name: 'Schedule Post' }));

    // Assess
    expect(await screen.findByText('Post updated successfully!')).toBeInTheDocument();
    expect(await screen.findByText('Instagram allows 50 posts a day for @acme; this would be the 51st.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/posts/p1')).toHaveLength(1);
  });

  async function openCompose(accounts: ListedConnection[], limitWarnings: LimitWarning[]) {
    const api = mockApi({
      ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/London' } }) }),
      'GET /accounts': { body: { accounts } },
      'POST /posts/limit-check': { body: { warnings: limitWarnings } },
      'POST /posts': { status: 201, body: createdPost() },
    });
    const app = renderApp('/home/compose');
    await screen.findByTestId('platform-picker');
    await app.user.click(platformTile('X (Twitter)'));
    await app.user.click(screen.getByLabelText('X caption'));
    await app.user.paste('Fresh bread at nine');
    await chooseScheduleTime('2030-07-01T09:00');
    return { ...app, api };
  }

  it('warns before saving a schedule over a platform limit, saves nothing, and saves once the user schedules anyway', async () => {
    // Prepare
    // (the server's wording is replaced by the same sentence in the zone compose shows times in: London)
    const { user, api } = await openCompose(
      [listed({ id: X_ID, platform: 'x', account_name: '@baker' }, null)],
      [{ ...WARNING, message: 'Server wording in UTC' }],
    );

    // Act
    await user.click(screen.getByRole('button', { name: 'Schedule Post' }));

    // Assess: the warning with the next free time; nothing saved
    const alert = await screen.findByTestId('limit-warnings');
    expect(alert).toHaveTextContent(WARNING.message);
    expect(api.callsTo('POST', '/posts/limit-check')[0]!.body).toEqual({
      scheduled_at: '2030-07-01T08:00:00.000Z',
      platforms: [{ platform: 'x', social_account_id: X_ID }],
    });
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);

    // Act: confirm
    await user.click(within(alert).getByRole('button', { name: 'Schedule anyway' }));

    // Assess
    expect(await screen.findByText('Post created successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/posts')).toHaveLength(1);
    expect(api.callsTo('POST', '/posts/limit-check')).toHaveLength(1);
  });

  it('saves straight away when no limit is in the way', async () => {
    const { user, api } = await openCompose([listed({ id: X_ID, platform: 'x', account_name: '@baker' }, null)], []);
    await user.click(screen.getByRole('button', { name: 'Schedule Post' }));
    expect(await screen.findByText('Post created successfully!')).toBeInTheDocument();
    expect(screen.queryByTestId('limit-warnings')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/posts')).toHaveLength(1);
  });

  it('still shows the warning the API returns with the saved post when the check before saving could not run', async () => {
    // Prepare: the limit check fails; the save answers with the warning
    const { user, api } = await openCompose([listed({ id: X_ID, platform: 'x', account_name: '@baker' }, null)], []);
    api.fetchMock.mockClear();
    const routes = mockApi({
      ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/London' } }) }),
      'POST /posts/limit-check': { status: 503, body: { error: { code: 'DEPENDENCY', message: 'Try again' } } },
      'POST /posts': { status: 201, body: { ...createdPost(), limit_warnings: [WARNING] } },
    });

    // Act
    await user.click(screen.getByRole('button', { name: 'Schedule Post' }));

    // Assess: saved, and told
    expect(await screen.findByText('Post created successfully!')).toBeInTheDocument();
    expect(await screen.findByText(WARNING.message)).toBeInTheDocument();
    expect(routes.callsTo('POST', '/posts')).toHaveLength(1);
  });

  // The platforms whose connections end on a date (docs/platforms.md#known-ahead-of-time-posting-caps-at-scheduling-time-and-connection-health): Instagram's
  // 60-day token, TikTok's refresh token.
  it.each([
    ['Instagram', 'instagram'],
    ['TikTok', 'tiktok'],
  ] as const)('flags in the Edit dialog when the %s connection expires before the post time', async (name, platform) => {
    // Prepare: the post is for 2030-07-01, the connection ends the day before
    const post = aPost({
      id: 'p-edit',
      scheduled_at: '2030-07-01T10:00:00.000Z',
      media: [aSquarePhoto()],
      platforms: [postTarget({ id: 't-edit', platform, social_account_id: IG_ID, account_name: '@acme' })],
    });
    mockApi({
      ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/London' } }) }),
      'GET /accounts': { body: { accounts: [listed({ id: IG_ID, platform, account_name: '@acme' }, '2030-06-30T12:00:00.000Z')] } },
      'GET /posts/counts': { body: { scheduled: 1, posted: 0, drafts: 0, failed: 0 } },
      'GET /posts': (call) => ({ body: { items: call.query.tab === 'scheduled' ? [post] : [], nextCursor: null } }),
    });
    const { user } = renderApp('/home/posts?tab=scheduled');

    // Act
    await user.click(within(await screen.findByTestId('post-card')).getByRole('button', { name: 'Edit post' }));

    // Assess
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByTestId('connection-flags')).toHaveTextContent(
      `@acme's ${name} connection expires before this post's time; reconnect on Platforms.`,
    );
  });

  it('flags in a new TikTok post an account whose refresh token expires before the chosen time', async () => {
    // Prepare
    mockApi({
      ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/London' } }) }),
      'GET /accounts': { body: { accounts: [listed({ id: IG_ID, platform: 'tiktok', account_name: '@acme' }, '2030-06-30T12:00:00.000Z')] } },
    });
    const { user } = renderApp('/home/compose');
    await screen.findByTestId('platform-picker');
    await user.click(platformTile('TikTok'));

    // Act
    await chooseScheduleTime('2030-07-01T09:00');

    // Assess
    expect(await screen.findByTestId('connection-flags')).toHaveTextContent(
      "@acme's TikTok connection expires before this post's time; reconnect on Platforms.",
    );
  });

  it('warns after Add to queue when the time the queue chose is after the connection expires, as the Posts card will', async () => {
    // Prepare: @baker's connection ends on 2030-06-30; the queue's next free slot is 2030-07-01
    const queued = aPost({
      id: '01JQ00000000000000000000P3',
      scheduled_at: '2030-07-01T08:00:00.000Z',
      platforms: [postTarget({ id: 't-x', platform: 'x', social_account_id: X_ID, account_name: '@baker' })],
    });
    mockApi({
      ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/London' } }) }),
      'GET /accounts': { body: { accounts: [listed({ id: X_ID, platform: 'x', account_name: '@baker' }, '2030-06-30T12:00:00.000Z')] } },
      'POST /queue/posts': { status: 201, body: queued },
    });
    const { user } = renderApp('/home/compose');
    await screen.findByTestId('platform-picker');
    await user.click(platformTile('X (Twitter)'));
    await user.click(screen.getByLabelText('X caption'));
    await user.paste('Fresh bread at nine');

    // Act
    await user.click(screen.getByRole('button', { name: 'Add to queue' }));

    // Assess
    expect(await screen.findByText('Added to the queue for Mon, Jul 1, 9:00 AM')).toBeInTheDocument();
    expect(await screen.findByText("@baker's X connection expires before this post's time; reconnect on Platforms.")).toBeInTheDocument();
  });

  it('says nothing more after Add to queue when the connection lasts past the queue time', async () => {
    // Prepare: the same slot, a connection that ends a day after it
    const queued = aPost({
      id: '01JQ00000000000000000000P4',
      scheduled_at: '2030-07-01T08:00:00.000Z',
      platforms: [postTarget({ id: 't-x', platform: 'x', social_account_id: X_ID, account_name: '@baker' })],
    });
    mockApi({
      ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/London' } }) }),
      'GET /accounts': { body: { accounts: [listed({ id: X_ID, platform: 'x', account_name: '@baker' }, '2030-07-02T08:00:00.000Z')] } },
      'POST /queue/posts': { status: 201, body: queued },
    });
    const { user } = renderApp('/home/compose');
    await screen.findByTestId('platform-picker');
    await user.click(platformTile('X (Twitter)'));
    await user.click(screen.getByLabelText('X caption'));
    await user.paste('Fresh bread at nine');

    // Act
    await user.click(screen.getByRole('button', { name: 'Add to queue' }));

    // Assess: the success toast is there, and no warning beside it
    expect(await screen.findByText('Added to the queue for Mon, Jul 1, 9:00 AM')).toBeInTheDocument();
    expect(screen.queryByText(/connection expires before this post's time/)).not.toBeInTheDocument();
  });

  it('flags in compose an account whose connection expires before the chosen time', async () => {
    // Prepare: @baker's connection ends on 2030-06-30, the post is for 2030-07-01
    await openCompose([listed({ id: X_ID, platform: 'x', account_name: '@baker' }, '2030-06-30T12:00:00.000Z')], []);

    // Assess
    expect(await screen.findByTestId('connection-flags')).toHaveTextContent("@baker's X connection expires before this post's time; reconnect on Platforms.");

    // Act: an earlier time clears it
    await chooseScheduleTime('2030-06-29T09:00');
    await waitFor(() => expect(screen.queryByTestId('connection-flags')).not.toBeInTheDocument());
  });
});
