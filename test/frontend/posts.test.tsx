import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post, PostCounts } from '@shared/posts';
import { WORKSPACE_HEADER } from '@shared/workspaces';
import { ALICE, resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { aPost, aPostMedia, aSquarePhoto, meResponse, mockApi, postTarget, shellRoutes, socialAccount } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

const NO_COUNTS: PostCounts = { scheduled: 0, posted: 0, approval: 0, drafts: 0, failed: 0 };

interface Setup {
  tabs?: Partial<Record<'scheduled' | 'approval' | 'posted' | 'drafts' | 'failed', Post[]>>;
  counts?: Partial<PostCounts>;
  zone?: string;
  extra?: Parameters<typeof mockApi>[0];
  path?: string;
}

async function openPosts({ tabs = {}, counts = {}, zone = 'Europe/London', extra = {}, path = '/home/posts' }: Setup = {}) {
  const api = mockApi({
    ...shellRoutes({ me: meResponse({ settings: { timezone: zone } }) }),
    'GET /posts/counts': { body: { ...NO_COUNTS, ...counts } },
    'GET /posts': (call) => ({ body: { items: tabs[call.query.tab as keyof typeof tabs] ?? [], nextCursor: null } }),
    ...extra,
  });
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Posts' });
  return { ...app, api };
}

const cards = () => screen.findAllByTestId('post-card');

/** Post p1, published on Mar 4 2026 to the given targets. */
const postedP1 = (platforms: Post['platforms']) => aPost({ id: 'p1', status: 'posted', published_at: '2026-03-04T20:00:00.000Z', platforms });

describe('the Posts page', () => {
  beforeEach(() => {
    resetAmplifyMocks();
    signedInAs();
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens the post a notice links to: in its workspace, on the tab it is in now, its card marked', async () => {
    // Prepare: the link names the agency Alice is an Editor in, and a post waiting for approval there.
    const AGENCY = '01JQ0000000000000000000AG1';
    const POST_ID = '01JQ0000000000000000000P01';
    const waiting = aPost({ id: POST_ID, status: 'pending_approval', scheduled_at: '2026-12-01T09:00:00.000Z' });
    const other = aPost({ id: '01JQ0000000000000000000P02', status: 'pending_approval', scheduled_at: '2026-12-02T09:00:00.000Z' });

    // Act
    const { api, location } = await openPosts({
      tabs: { approval: [other, waiting] },
      path: `/home/posts?post=${POST_ID}&workspace=${AGENCY}`,
      extra: {
        'GET /workspaces': {
          body: {
            items: [
              { id: ALICE.sub, name: 'Alice Studio', role: 'owner' },
              { id: AGENCY, name: 'Acme Agency', role: 'editor' },
            ],
          },
        },
        [`GET /posts/${POST_ID}`]: (call) =>
          call.headers[WORKSPACE_HEADER] === AGENCY ? { body: waiting } : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Post not found' } } },
      },
    });

    // Assess
    await waitFor(() => expect(location().search).toBe(`?tab=approval&post=${POST_ID}`));
    expect(window.localStorage.getItem(`sa.workspace.${ALICE.sub}`)).toBe(AGENCY);
    const linked = (await cards()).filter((card) => card.getAttribute('data-linked') === 'true');
    expect(linked).toHaveLength(1);
    expect(api.callsTo('GET', `/posts/${POST_ID}`).map((call) => call.headers[WORKSPACE_HEADER])).toEqual([AGENCY]);
  });

  it('shows the five tabs with their counts', async () => {
    await openPosts({ counts: { scheduled: 3, posted: 12, approval: 4, drafts: 1, failed: 2 } });
    expect(await screen.findByRole('tab', { name: 'Scheduled (3)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Needs approval (4)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Posted (12)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Drafts (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Failed (2)' })).toBeInTheDocument();
  });

  it("shows the selected client's counts in the tab labels (agency mode), and every client's again for All clients", async () => {
    const ACME = '01JQ0000000000000000000AC1';
    const GYM = '01JQ0000000000000000000GY1';
    const countsByClient: Record<string, PostCounts> = {
      '': { scheduled: 9, posted: 20, approval: 2, drafts: 4, failed: 3 },
      [ACME]: { scheduled: 2, posted: 5, approval: 1, drafts: 1, failed: 0 },
      [GYM]: { scheduled: 7, posted: 15, approval: 1, drafts: 3, failed: 3 },
    };
    const { user, api } = await openPosts({
      extra: {
        ...shellRoutes({ me: meResponse({ settings: { mode: 'agency' } }) }),
        'GET /clients': {
          body: {
            items: [
              { id: ACME, name: 'Acme Bakery', logo_url: null, created_at: '2026-03-14T12:00:00.000Z' },
              { id: GYM, name: 'Iron Gym', logo_url: null, created_at: '2026-03-14T12:00:00.000Z' },
            ],
          },
        },
        'GET /posts/counts': (call) => ({ body: countsByClient[call.query.client_id ?? ''] }),
      },
    });
    const tabNames = async () => (await screen.findAllByRole('tab')).map((tab) => tab.textContent);
    await waitFor(async () => expect(await tabNames()).toEqual(['Scheduled (9)', 'Needs approval (2)', 'Posted (20)', 'Drafts (4)', 'Failed (3)']));
    const select = await screen.findByRole('combobox', { name: 'Client' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Acme Bakery' })).toBeInTheDocument());

    await user.selectOptions(select, ACME);
    await waitFor(async () => expect(await tabNames()).toEqual(['Scheduled (2)', 'Needs approval (1)', 'Posted (5)', 'Drafts (1)', 'Failed (0)']));
    expect(api.callsTo('GET', '/posts/counts').at(-1)!.query).toEqual({ client_id: ACME });

    await user.selectOptions(select, GYM);
    await waitFor(async () => expect(await tabNames()).toEqual(['Scheduled (7)', 'Needs approval (1)', 'Posted (15)', 'Drafts (3)', 'Failed (3)']));

    await user.selectOptions(select, '');
    await waitFor(async () => expect(await tabNames()).toEqual(['Scheduled (9)', 'Needs approval (2)', 'Posted (20)', 'Drafts (4)', 'Failed (3)']));
    expect(api.callsTo('GET', '/posts/counts')[0]!.query).toEqual({});
  });

  it('says each tab is empty in its own words', async () => {
    const { user, api } = await openPosts();
    expect(await screen.findByText('No scheduled posts')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Posted/ }));
    expect(await screen.findByText('No posted posts')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Drafts/ }));
    expect(await screen.findByText('No draft posts')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Failed/ }));
    expect(await screen.findByText('No failed posts')).toBeInTheDocument();
    expect(api.callsTo('GET', '/posts').map((c) => c.query.tab)).toEqual(expect.arrayContaining(['scheduled', 'posted', 'drafts', 'failed']));
  });

  it("says 'Loading posts...' until the list arrives", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      ...shellRoutes(),
      'GET /posts/counts': { body: NO_COUNTS },
      'GET /posts': { body: { items: [], nextCursor: null } },
    });
    const fetchMock = vi.mocked(globalThis.fetch);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/api/posts?')) await gate;
      return answer(input, init);
    });
    renderApp('/home/posts');
    expect(await screen.findByText('Loading posts...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('No scheduled posts')).toBeInTheDocument();
    expect(screen.queryByText('Loading posts...')).not.toBeInTheDocument();
  });

  it('shows a card with thumbnail, account badges linking to profiles, status, caption and time', async () => {
    await openPosts({
      tabs: {
        scheduled: [
          aPost({
            id: 'p1',
            status: 'queued',
            media: [aPostMedia()],
            platforms: [
              postTarget({
                id: 't1',
                platform: 'instagram',
                account_name: '@bakery.ig',
                caption: 'Croissants are back!',
                profile_url: 'http://localhost:3100/_sandbox/instagram/www/bakery.ig/',
              }),
              postTarget({
                id: 't2',
                platform: 'facebook',
                account_name: 'Bakery Page',
                account_id: '998877',
                caption: 'Other caption',
                profile_url: 'http://localhost:3100/_sandbox/facebook/www/998877',
              }),
              postTarget({ id: 't3', platform: 'x', account_name: '@bakerx', post_url: 'https://x.com/bakerx/status/1', profile_url: 'https://x.com/bakerx' }),
              postTarget({ id: 't4', platform: 'tiktok', account_name: 'Bakery Display Name', profile_url: null }),
            ],
          }),
        ],
      },
    });
    const [card] = await cards();
    const inCard = within(card!);
    expect(inCard.getByRole('img', { name: 'Post media' })).toHaveAttribute('src', 'https://cdn.example/1.jpg');
    // Badges link where the API says each profile lives (the sandbox's pages on the local cloud).
    expect(inCard.getByRole('link', { name: /bakery\.ig/ })).toHaveAttribute('href', 'http://localhost:3100/_sandbox/instagram/www/bakery.ig/');
    expect(inCard.getByRole('link', { name: /Bakery Page/ })).toHaveAttribute('href', 'http://localhost:3100/_sandbox/facebook/www/998877');
    expect(inCard.getByRole('link', { name: /^@bakerx$/ })).toHaveAttribute('href', 'https://x.com/bakerx');
    expect(inCard.getByText('Bakery Display Name').closest('a')).toBeNull();
    expect(inCard.getByRole('link', { name: 'View on X (@bakerx)' })).toHaveAttribute('href', 'https://x.com/bakerx/status/1');
    expect(inCard.getByTestId('post-status')).toHaveTextContent('Queued');
    expect(inCard.getByText('Croissants are back!')).toBeInTheDocument();
    expect(inCard.queryByText('Other caption')).not.toBeInTheDocument();
    expect(inCard.getByText('Scheduled for: Jul 1, 11:00 AM')).toBeInTheDocument();
  });

  it.each([
    ['Europe/London', 'Scheduled for: Jul 1, 11:00 AM'],
    ['Asia/Tokyo', 'Scheduled for: Jul 1, 7:00 PM'],
    ['America/Los_Angeles', 'Scheduled for: Jul 1, 3:00 AM'],
  ])("shows the scheduled time in the user's timezone (%s)", async (zone, text) => {
    await openPosts({ zone, tabs: { scheduled: [aPost({ id: 'p1', scheduled_at: '2030-07-01T10:00:00.000Z' })] } });
    const [card] = await cards();
    expect(within(card!).getByText(text)).toBeInTheDocument();
  });

  it('names the platform and account on each "View on" link of a post published to several accounts', async () => {
    const { user } = await openPosts({
      tabs: {
        posted: [
          postedP1([
            postTarget({ id: 't1', platform: 'instagram', account_name: '@acme', status: 'posted', post_url: 'https://sandbox.test/instagram/p/1' }),
            postTarget({ id: 't2', platform: 'instagram', account_name: '@acme.shop', status: 'posted', post_url: 'https://sandbox.test/instagram/p/2' }),
            postTarget({ id: 't3', platform: 'facebook', account_name: 'Acme Bakery', status: 'posted', post_url: 'https://sandbox.test/facebook/3' }),
          ]),
        ],
      },
    });
    await user.click(screen.getByRole('tab', { name: /Posted/ }));
    const [card] = await cards();
    const links = within(card!).getAllByRole('link', { name: /^View on / });
    expect(links.map((link) => [link.textContent?.trim(), link.getAttribute('href')])).toEqual([
      ['View on Instagram (@acme)', 'https://sandbox.test/instagram/p/1'],
      ['View on Instagram (@acme.shop)', 'https://sandbox.test/instagram/p/2'],
      ['View on Facebook (Acme Bakery)', 'https://sandbox.test/facebook/3'],
    ]);
  });

  it('shows the latest views and engagements of each target that has metrics, and none for one not yet collected', async () => {
    const { user } = await openPosts({
      tabs: {
        posted: [
          postedP1([
            postTarget({ id: 't1', platform: 'instagram', status: 'posted', metrics: { views: 12345, engagements: 678, at: '2026-03-05T20:00:00.000Z' } }),
            postTarget({ id: 't2', platform: 'facebook', status: 'posted' }),
          ]),
          aPost({
            id: 'p2',
            status: 'posted',
            published_at: '2026-03-04T20:00:00.000Z',
            platforms: [postTarget({ id: 't3', platform: 'x', status: 'posted' })],
          }),
        ],
      },
    });
    await user.click(screen.getByRole('tab', { name: /Posted/ }));
    const [withMetrics, without] = await cards();
    const metrics = within(withMetrics!).getByTestId('post-metrics');
    expect(metrics).toHaveTextContent('Instagram: 12,345 views · 678 engagements');
    expect(metrics).not.toHaveTextContent('Facebook');
    expect(within(without!).queryByTestId('post-metrics')).not.toBeInTheDocument();
  });

  it("shows 'Published on:' for posted posts and 'Not scheduled' for drafts without a time", async () => {
    const { user } = await openPosts({
      zone: 'Asia/Tokyo',
      tabs: {
        posted: [aPost({ id: 'p1', status: 'posted', scheduled_at: '2026-03-04T20:00:00.000Z', published_at: '2026-03-04T20:00:00.000Z' })],
        drafts: [aPost({ id: 'p2', status: 'draft', scheduled_at: null })],
      },
    });
    await user.click(screen.getByRole('tab', { name: /Posted/ }));
    const [posted] = await cards();
    // 20:00 UTC is already the 5th in Tokyo.
    expect(within(posted!).getByText('Published on: Mar 5')).toBeInTheDocument();
    expect(within(posted!).getByTestId('post-status')).toHaveTextContent('Posted');
    await user.click(screen.getByRole('tab', { name: /Drafts/ }));
    await waitFor(() => expect(screen.getByText('Scheduled for: Not scheduled')).toBeInTheDocument());
  });

  it('shows the error message of a failed post, and offers delete but not edit', async () => {
    const { user } = await openPosts({
      tabs: { failed: [aPost({ id: 'p1', status: 'failed', error_message: 'The access token has expired' })] },
    });
    await user.click(screen.getByRole('tab', { name: /Failed/ }));
    const [card] = await cards();
    expect(within(card!).getByText('The access token has expired')).toBeInTheDocument();
    expect(within(card!).getByTestId('post-status')).toHaveTextContent('Failed');
    expect(within(card!).queryByRole('button', { name: 'Edit post' })).not.toBeInTheDocument();
    expect(within(card!).getByRole('button', { name: 'Delete post' })).toBeInTheDocument();
  });

  it('retries a failed post for its failed platforms only, naming them, and the post moves to Scheduled', async () => {
    const failed = aPost({
      id: 'p1',
      status: 'failed',
      error_message: 'Published to Facebook; X failed: X does not allow this',
      platforms: [
        postTarget({ id: 't1', platform: 'facebook', account_name: 'Bakery Page', status: 'posted', post_url: 'https://fb.example/1' }),
        postTarget({ id: 't2', platform: 'x', account_name: '@bakerx', status: 'failed', error_message: 'X does not allow this' }),
      ],
    });
    let tabs: Record<string, Post[]> = { failed: [failed], scheduled: [] };
    const { user, api } = await openPosts({
      extra: {
        'GET /posts': (call) => ({ body: { items: tabs[call.query.tab as string] ?? [], nextCursor: null } }),
        'POST /posts/p1/retry': () => {
          const again = {
            ...failed,
            status: 'scheduled' as const,
            error_message: null,
            version: 2,
            platforms: [failed.platforms[0]!, { ...failed.platforms[1]!, status: 'pending' as const, error_message: null }],
          };
          tabs = { failed: [], scheduled: [again] };
          return { body: again };
        },
      },
    });
    await user.click(screen.getByRole('tab', { name: /Failed/ }));
    const [card] = await cards();

    await user.click(within(card!).getByRole('button', { name: 'Retry failed platforms: X (@bakerx)' }));

    await waitFor(() => expect(api.callsTo('POST', '/posts/p1/retry')).toHaveLength(1));
    expect(api.callsTo('POST', '/posts/p1/retry')[0]!.body).toEqual({});
    expect(await screen.findByText('Publishing the failed platforms again')).toBeInTheDocument();
    expect(screen.getByText('Sending to X (@bakerx) only.')).toBeInTheDocument();
    expect(await screen.findByText('No failed posts')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Scheduled/ }));
    const [moved] = await cards();
    expect(within(moved!).getByTestId('post-status')).toHaveTextContent('Scheduled');
    expect(within(moved!).queryByRole('button', { name: /Retry failed platforms/ })).not.toBeInTheDocument();
  });

  it('says in words why a retry was refused', async () => {
    const failed = aPost({
      id: 'p1',
      status: 'failed',
      platforms: [postTarget({ id: 't1', platform: 'facebook', account_name: 'Bakery Page', status: 'failed' })],
    });
    const { user } = await openPosts({
      tabs: { failed: [failed] },
      extra: {
        'POST /posts/p1/retry': {
          status: 400,
          body: { error: { code: 'VALIDATION_ERROR', message: 'Your Facebook account Bakery Page is not connected. Connect it again to post.' } },
        },
      },
    });
    await user.click(screen.getByRole('tab', { name: /Failed/ }));
    const [card] = await cards();

    await user.click(within(card!).getByRole('button', { name: 'Retry failed platforms: Facebook (Bakery Page)' }));

    expect(await screen.findByText("Couldn't retry the post")).toBeInTheDocument();
    expect(screen.getByText('Your Facebook account Bakery Page is not connected. Connect it again to post.')).toBeInTheDocument();
  });

  it('offers edit only on scheduled posts and drafts', async () => {
    await openPosts({
      tabs: {
        scheduled: [aPost({ id: 'p1', status: 'scheduled' }), aPost({ id: 'p2', status: 'queued' }), aPost({ id: 'p3', status: 'publishing' })],
      },
    });
    const list = await cards();
    expect(list).toHaveLength(3);
    expect(within(list[0]!).getByRole('button', { name: 'Edit post' })).toBeInTheDocument();
    expect(within(list[1]!).queryByRole('button', { name: 'Edit post' })).not.toBeInTheDocument();
    expect(within(list[2]!).queryByRole('button', { name: 'Edit post' })).not.toBeInTheDocument();
  });

  it("deletes a post with DELETE and says 'Post deleted'", async () => {
    let items = [aPost({ id: 'p1' })];
    const { user, api } = await openPosts({
      extra: {
        'GET /posts': () => ({ body: { items, nextCursor: null } }),
        'DELETE /posts/p1': () => {
          items = [];
          return { status: 204 };
        },
      },
    });
    const [card] = await cards();
    await user.click(within(card!).getByRole('button', { name: 'Delete post' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete the post "Fresh bread every morning"?' });
    expect(confirm).toHaveTextContent("It will not be published to Instagram, and its media are removed. This can't be undone.");
    expect(api.callsTo('DELETE', '/posts/p1')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete Post' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/posts/p1')).toHaveLength(1));
    expect(await screen.findByText('Post deleted')).toBeInTheDocument();
    expect(await screen.findByText('No scheduled posts')).toBeInTheDocument();
  });

  it('keeps the post when the delete confirmation is cancelled, and says a posted one stays on the platform', async () => {
    const { user, api } = await openPosts({
      tabs: {
        posted: [postedP1([postTarget({ id: 't1', platform: 'x', caption: 'A'.repeat(60) })])],
      },
      extra: { 'DELETE /posts/p1': { status: 204 } },
    });
    await user.click(screen.getByRole('tab', { name: /Posted/ }));
    const [card] = await cards();
    await user.click(within(card!).getByRole('button', { name: 'Delete post' }));
    const confirm = await screen.findByRole('alertdialog', { name: `Delete the post "${'A'.repeat(40)}…"?` });
    expect(confirm).toHaveTextContent("It stays on X; only its record here and its media are removed. This can't be undone.");
    // (That Cancel holds the focus is checked in a real browser, e2e: jsdom has no layout for the focus trap.)
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/posts/p1')).toHaveLength(0);
    expect(card).toBeInTheDocument();
  });

  it('shows no toast when deleting fails (only logs)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, api } = await openPosts({
      tabs: { scheduled: [aPost({ id: 'p1' })] },
      extra: { 'DELETE /posts/p1': { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } } },
    });
    const [card] = await cards();
    await user.click(within(card!).getByRole('button', { name: 'Delete post' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Post' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/posts/p1')).toHaveLength(1));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByText('Post deleted')).not.toBeInTheDocument();
    expect(screen.queryByText('Boom')).not.toBeInTheDocument();
  });

  it('loads the next page with the cursor', async () => {
    const { user, api } = await openPosts({
      extra: {
        'GET /posts': (call) =>
          call.query.cursor === 'cursor-2'
            ? { body: { items: [aPost({ id: 'p2', platforms: [postTarget({ id: 't2', platform: 'x', caption: 'Second page' })] })], nextCursor: null } }
            : { body: { items: [aPost({ id: 'p1', platforms: [postTarget({ id: 't1', platform: 'x', caption: 'First page' })] })], nextCursor: 'cursor-2' } },
      },
    });
    expect(await screen.findByText('First page')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Second page')).toBeInTheDocument();
    expect(screen.getByText('First page')).toBeInTheDocument();
    expect(api.callsTo('GET', '/posts').some((c) => c.query.cursor === 'cursor-2' && c.query.tab === 'scheduled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('refreshes the counts and the open tab every 15 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = await openPosts({ tabs: { scheduled: [aPost({ id: 'p1' })] } });
    await cards();
    const lists = api.callsTo('GET', '/posts').length;
    const counts = api.callsTo('GET', '/posts/counts').length;
    await vi.advanceTimersByTimeAsync(15_000);
    await waitFor(() => expect(api.callsTo('GET', '/posts').length).toBeGreaterThan(lists));
    expect(api.callsTo('GET', '/posts/counts').length).toBeGreaterThan(counts);
    expect(api.callsTo('GET', '/posts').every((c) => c.query.tab === 'scheduled')).toBe(true);
  });
});

describe('the Edit Post dialog (the Compose form)', { timeout: 30_000 }, () => {
  const IG = '01JQ00000000000000000000IG';
  const XA = '01JQ00000000000000000000XA';
  const YT = '01JQ00000000000000000000YT';
  const ACCOUNTS = [
    socialAccount({ id: IG, platform: 'instagram', account_name: 'bakery.ig' }),
    socialAccount({ id: XA, platform: 'x', account_name: '@bakerx' }),
    socialAccount({ id: YT, platform: 'youtube', account_name: 'Bakery TV' }),
  ];
  const PHOTO = aSquarePhoto();
  const saved = (overrides: Partial<Post> = {}) =>
    aPost({
      id: 'p1',
      scheduled_at: '2030-07-01T13:00:00.000Z',
      media: [PHOTO],
      platforms: [postTarget({ id: 't1', platform: 'instagram', social_account_id: IG, account_name: 'bakery.ig', caption: 'Hello' })],
      ...overrides,
    });

  beforeEach(() => {
    resetAmplifyMocks();
    signedInAs();
    URL.createObjectURL = vi.fn(() => 'blob:local-preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  async function openEditor(p: Post, setup: Setup = {}) {
    const tab = p.status === 'draft' ? 'drafts' : 'scheduled';
    const app = await openPosts({
      ...setup,
      path: `/home/posts?tab=${tab}`,
      tabs: { [tab]: [p] },
      extra: { 'GET /accounts': { body: { accounts: ACCOUNTS } }, ...setup.extra },
    });
    const [card] = await cards();
    await app.user.click(within(card!).getByRole('button', { name: 'Edit post' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('form', { name: 'Edit Post' });
    return { ...app, dialog: within(dialog) };
  }

  it("starts from the saved post: its platform and account, caption, media and time in the user's zone", async () => {
    const { dialog } = await openEditor(saved(), { zone: 'America/New_York' });

    expect(dialog.getByLabelText('Instagram caption')).toHaveValue('Hello');
    expect(dialog.getByTestId('compose-platform-instagram')).toBeInTheDocument();
    expect(dialog.queryByTestId('compose-platform-x')).not.toBeInTheDocument();
    expect(dialog.getAllByTestId('media-tile')).toHaveLength(1);
    expect(dialog.getByTestId('schedule-helper')).toHaveTextContent('Will post at Jul 1, 2030 9:00 AM in America/New York timezone');
    expect(dialog.getByRole('button', { name: 'Schedule Post' })).toBeInTheDocument();
  });

  it('shows the YouTube title without the " #shorts" the API added, and sends the edited title', async () => {
    const clip = { ...PHOTO, id: 'm2', file_path: 'u/1790000000000-abcdefgh.mp4', file_type: 'video/mp4', width: null, height: null };
    const p = saved({
      title: 'Morning bake #shorts',
      youtube_type: 'shorts',
      media: [clip],
      platforms: [postTarget({ id: 't1', platform: 'youtube', social_account_id: YT, account_name: 'Bakery TV', caption: 'Bake' })],
    });
    const { dialog, user, api } = await openEditor(p, { extra: { 'PATCH /posts/p1': { body: p } } });
    const title = dialog.getByLabelText('YouTube title');
    expect(title).toHaveValue('Morning bake');

    await user.clear(title);
    await user.paste('Evening bake');
    await user.click(dialog.getByRole('button', { name: 'Schedule Post' }));

    await waitFor(() => expect(api.callsTo('PATCH', '/posts/p1')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/posts/p1')[0]!.body).toMatchObject({
      title: 'Evening bake',
      youtube_type: 'shorts',
      platforms: [{ platform: 'youtube', social_account_id: YT }],
    });
  });

  it('saves the whole post with PATCH: a platform added, the media removed, the caption changed', async () => {
    const p = saved();
    const { dialog, user, api } = await openEditor(p, {
      zone: 'America/New_York',
      extra: { 'PATCH /posts/p1': { body: { ...p, media: [] } } },
    });

    await user.click(dialog.getByRole('button', { name: 'Instagram' }));
    await user.click(dialog.getByRole('button', { name: 'X (Twitter)' }));
    await user.click(dialog.getByRole('button', { name: `Delete ${PHOTO.file_path.split('/').pop()}` }));
    await user.click(dialog.getByLabelText('X caption'));
    await user.paste('Hi X');
    await user.click(dialog.getByRole('button', { name: 'Schedule Post' }));

    await waitFor(() => expect(api.callsTo('PATCH', '/posts/p1')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/posts/p1')[0]!.body).toEqual({
      scheduled_at: '2030-07-01T13:00:00.000Z',
      platforms: [{ platform: 'x', social_account_id: XA, caption: 'Hi X', settings: {} }],
      media_ids: [],
    });
    // A file of the saved post is deleted by the API on save, never on its own.
    expect(api.callsTo('DELETE', `/media/${PHOTO.id}`)).toHaveLength(0);
    expect(await screen.findByText('Post updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("starts from each image's saved alt text, marked ALT, and saves the changed one", async () => {
    const p = saved({ media: [{ ...PHOTO, alt_text: 'A loaf on a board' }] });
    const { dialog, user, api } = await openEditor(p, { extra: { 'PATCH /posts/p1': { body: p } } });
    const field = dialog.getByLabelText(`Alt text for ${PHOTO.file_path.split('/').pop()}`);
    expect(field).toHaveValue('A loaf on a board');
    expect(dialog.getByTestId('alt-badge')).toBeInTheDocument();

    await user.clear(field);
    await user.paste('Two loaves on a board');
    await user.click(dialog.getByRole('button', { name: 'Schedule Post' }));

    await waitFor(() => expect(api.callsTo('PATCH', '/posts/p1')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/posts/p1')[0]!.body).toMatchObject({ media_ids: [PHOTO.id], media_alt: { [PHOTO.id]: 'Two loaves on a board' } });
  });

  it('turns a scheduled post into a draft when the schedule is cleared', async () => {
    const p = saved();
    const { dialog, user, api } = await openEditor(p, { extra: { 'PATCH /posts/p1': { body: { ...p, status: 'draft', scheduled_at: null } } } });
    await user.click(dialog.getByRole('button', { name: 'Clear schedule time' }));
    await user.click(dialog.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/posts/p1')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/posts/p1')[0]!.body).toMatchObject({ scheduled_at: null, media_ids: [PHOTO.id] });
  });

  it("shows 'Error updating post' with the API's message and keeps the dialog", async () => {
    const { dialog, user } = await openEditor(saved(), {
      extra: { 'PATCH /posts/p1': { status: 409, body: { error: { code: 'CONFLICT', message: 'This post is already being published' } } } },
    });
    await user.click(dialog.getByRole('button', { name: 'Schedule Post' }));
    expect(await screen.findByText('Error updating post')).toBeInTheDocument();
    expect(screen.getByText('This post is already being published')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('refuses a caption over the platform limit before calling the API', async () => {
    const { dialog, user, api } = await openEditor(
      saved({ media: [], platforms: [postTarget({ id: 't1', platform: 'x', social_account_id: XA, caption: 'x'.repeat(281) })] }),
    );
    await user.click(dialog.getByRole('button', { name: 'Schedule Post' }));
    expect(await screen.findByText('Caption too long')).toBeInTheDocument();
    expect(screen.getByText('X caption exceeds limit of 280 characters (current: 281)')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/posts/p1')).toHaveLength(0);
  });

  it('closes without saving', async () => {
    const { dialog, user, api } = await openEditor(saved());
    await user.click(dialog.getByRole('button', { name: 'Close without saving' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH', '/posts/p1')).toHaveLength(0);
  });
});
