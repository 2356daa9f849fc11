import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Client } from '@shared/clients';
import type { PostCounts } from '@shared/posts';
import { REVIEW_LINK_MSG, type ReviewLink, type ReviewPage, type ReviewPost } from '@shared/review-links';
import type { WorkspaceSummary } from '@shared/workspaces';
import { resetAmplifyMocks, signedInAs, signedOut } from './helpers/amplify-mocks';
import { aPost, meResponse, mockApi, shellRoutes } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

/** Client review links in the app (the dialog on Clients, the badge on a post) and the public /review page. */

const ACME = '01JQ0000000000000000000AC1';
const LINK = '01JQ0000000000000000000LK1';
const TOKEN = 'R'.repeat(43);
const URL_OF_LINK = `http://localhost:3000/review?token=${TOKEN}`;
const acme: Client = { id: ACME, name: 'Acme Bakery', logo_url: null, created_at: '2026-03-14T12:00:00.000Z' };
const workspace = (role: WorkspaceSummary['role']): WorkspaceSummary => ({ id: 'user-alice', name: 'My workspace', role });

function clientsWithLinks(role: WorkspaceSummary['role']) {
  let links: ReviewLink[] = [];
  return mockApi({
    ...shellRoutes({ me: meResponse({ settings: { mode: 'agency', timezone: 'UTC' } }) }),
    'GET /workspaces': { body: { items: [workspace(role)] } },
    'GET /clients': { body: { items: [acme] } },
    [`GET /clients/${ACME}/review-links`]: () => ({ body: { items: links } }),
    [`POST /clients/${ACME}/review-links`]: () => {
      const link = { id: LINK, client_id: ACME, created_at: '2026-03-14T12:00:00.000Z', expires_at: '2026-03-21T12:00:00.000Z' };
      links = [link];
      return { status: 201, body: { ...link, url: URL_OF_LINK } };
    },
    [`DELETE /clients/${ACME}/review-links/${LINK}`]: () => {
      links = [];
      return { status: 204 };
    },
  });
}

describe('the review link dialog on the Clients page', () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => vi.restoreAllMocks());

  it('lets an Editor make a link for 7 days by default, shows its URL and expiry, and revokes it', async () => {
    const api = clientsWithLinks('editor');
    signedInAs();
    const { user } = renderApp('/home/clients');

    // Label and text queries: role queries over the whole app shell are slow in jsdom.
    await user.click(await screen.findByLabelText('Review link for Acme Bakery'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Review link for Acme Bakery')).toBeInTheDocument();
    expect(await within(dialog).findByText('No active links.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Days the link works')).toHaveValue('7');
    await user.click(within(dialog).getByText('Create review link'));

    expect(await within(dialog).findByLabelText('Review link')).toHaveValue(URL_OF_LINK);
    expect(api.callsTo('POST', `/clients/${ACME}/review-links`)[0]!.body).toEqual({ expires_in_days: 7 });
    expect(within(dialog).getByTestId('review-link-made')).toHaveTextContent('It works until Mar 21, 2026, 12:00 PM.');
    const active = await within(dialog).findByLabelText('Active links');
    expect(active).toHaveTextContent('Expires Mar 21, 2026, 12:00 PM');

    await user.click(within(active).getByText('Revoke'));
    await waitFor(() => expect(api.callsTo('DELETE', `/clients/${ACME}/review-links/${LINK}`)).toHaveLength(1));
    expect(await within(dialog).findByText('No active links.')).toBeInTheDocument();
  });

  it('offers no review link to a Contributor', async () => {
    clientsWithLinks('contributor');
    signedInAs();
    renderApp('/home/clients');

    expect(await screen.findByText('Acme Bakery')).toBeInTheDocument();
    expect(screen.queryByLabelText('Review link for Acme Bakery')).not.toBeInTheDocument();
  });
});

describe('the client’s decision on a post in the app', () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => vi.restoreAllMocks());

  const NO_COUNTS: PostCounts = { scheduled: 0, posted: 0, approval: 0, drafts: 0, failed: 0 };
  const at = '2026-03-04T10:00:00.000Z';

  function openScheduled(posts: ReturnType<typeof aPost>[]) {
    mockApi({
      ...shellRoutes({ me: meResponse({ settings: { timezone: 'UTC' } }) }),
      'GET /workspaces': { body: { items: [workspace('editor')] } },
      'GET /workspace/settings': { body: { posts_need_approval: false } },
      'GET /posts/counts': { body: { ...NO_COUNTS, scheduled: posts.length } },
      'GET /posts': (call) => ({ body: { items: call.query.tab === 'scheduled' ? posts : [], nextCursor: null } }),
    });
    signedInAs();
    renderApp('/home/posts?tab=scheduled');
  }

  it('shows "Client requested changes" with the comment, and asks again once the post changed', async () => {
    openScheduled([
      aPost({
        id: 'p1',
        status: 'scheduled',
        scheduled_at: '2030-07-01T10:00:00.000Z',
        client_review: { decision: 'changes_requested', comment: 'Wrong price', at, client_name: 'Acme Bakery', current: true },
      }),
      aPost({
        id: 'p2',
        status: 'scheduled',
        scheduled_at: '2030-07-02T10:00:00.000Z',
        client_review: { decision: 'approved', comment: null, at, client_name: 'Acme Bakery', current: false },
      }),
    ]);

    const badges = await screen.findAllByTestId('client-review');
    expect(badges.map((b) => b.textContent)).toEqual(['Client requested changes', 'Client review needed again']);
    expect(screen.getByTestId('client-review-comment')).toHaveTextContent('Acme Bakery (client): “Wrong price”');
  });
});

describe('the public review page', () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => vi.restoreAllMocks());

  const post = (overrides: Partial<ReviewPost> = {}): ReviewPost => ({
    id: '01JQ00000000000000000000P1',
    version: 2,
    status: 'pending_approval',
    scheduled_at: '2030-07-01T10:00:00.000Z',
    title: null,
    media: [],
    targets: [
      { platform: 'facebook', account_name: 'Acme on Facebook', caption: 'Fresh bread at dawn', first_comment: null, thread: [], tiktok_photo_title: null },
    ],
    decision: null,
    ...overrides,
  });
  const page = (posts: ReviewPost[]): ReviewPage => ({
    workspace_name: 'Studio North',
    client_name: 'Acme Bakery',
    expires_at: '2030-06-30T12:00:00.000Z',
    posts,
  });

  it('shows the client’s posts as the networks will, and approves one without signing in', async () => {
    const api = mockApi({
      'GET /review-links/posts': { body: page([post()]) },
      'POST /review-links/decisions': { body: { decision: 'approved', comment: null, at: '2030-06-01T10:00:00.000Z' } },
    });
    signedOut();
    const { user } = renderApp(`/review?token=${TOKEN}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Posts for Acme Bakery' })).toBeInTheDocument();
    expect(screen.getByTestId('review-summary')).toHaveTextContent("Studio North asks you to review Acme Bakery's upcoming posts.");
    const card = screen.getByRole('article');
    expect(within(card).getByRole('region', { name: 'Facebook preview' })).toHaveTextContent('Acme on Facebook');
    expect(within(card).getByTestId('preview-caption-facebook')).toHaveTextContent('Fresh bread at dawn');
    expect(within(card).getByText(/Planned for/)).toHaveTextContent(/2030/);

    await user.click(within(card).getByRole('button', { name: 'Approve' }));

    expect(await within(card).findByTestId('review-decision')).toHaveTextContent('You approved this post');
    const sent = api.callsTo('POST', '/review-links/decisions')[0]!;
    expect(sent.body).toEqual({ token: TOKEN, post_id: post().id, version: 2, decision: 'approved' });
    expect(sent.headers.Authorization).toBeUndefined();
  });

  it('asks for changes only with a comment, and shows the request inline', async () => {
    const api = mockApi({
      'GET /review-links/posts': { body: page([post()]) },
      'POST /review-links/decisions': { body: { decision: 'changes_requested', comment: 'Use the spring photo', at: '2030-06-01T10:00:00.000Z' } },
    });
    signedOut();
    const { user } = renderApp(`/review?token=${TOKEN}`);

    await user.click(await screen.findByRole('button', { name: 'Request changes' }));
    const send = screen.getByRole('button', { name: 'Send request' });
    expect(send).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /What should change\?/ }), 'Use the spring photo');
    await user.click(send);

    expect(await screen.findByTestId('review-decision')).toHaveTextContent('You asked for changes“Use the spring photo”');
    expect(api.callsTo('POST', '/review-links/decisions')[0]!.body).toMatchObject({ decision: 'changes_requested', comment: 'Use the spring photo' });
  });

  it('says when there is nothing to review', async () => {
    mockApi({ 'GET /review-links/posts': { body: page([]) } });
    signedOut();
    renderApp(`/review?token=${TOKEN}`);

    expect(await screen.findByText('Nothing to review right now.')).toBeInTheDocument();
  });

  it('says plainly that a link no longer works, and does not ask the server about a malformed one', async () => {
    mockApi({ 'GET /review-links/posts': { status: 404, body: { error: { code: 'NOT_FOUND', message: REVIEW_LINK_MSG.unusable } } } });
    signedOut();
    const first = renderApp(`/review?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(REVIEW_LINK_MSG.unusable);
    first.unmount();

    const api = mockApi({});
    renderApp('/review?token=short');
    expect(await screen.findByRole('alert')).toHaveTextContent(REVIEW_LINK_MSG.invalid);
    expect(api.callsTo('GET', '/review-links/posts')).toHaveLength(0);
  });
});
