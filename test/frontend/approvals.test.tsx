import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post, PostCounts } from '@shared/posts';
import type { Role } from '@shared/workspaces';
import { ALICE, resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { aPost, meResponse, mockApi, shellRoutes, socialAccount } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';
import { chooseScheduleTime } from './helpers/schedule';

/** Approvals in the app: the Needs approval tab, an Editor's decision buttons, a Contributor's view and Compose label. */

const NO_COUNTS: PostCounts = { scheduled: 0, posted: 0, approval: 0, drafts: 0, failed: 0 };
const WORKSPACE_ID = '01JQ0000000000000000000WS1';

/** The API as a member with `role` sees it, in a workspace with "Posts need approval" as given. */
function routesAs(role: Role, postsNeedApproval = false) {
  return {
    ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/London' } }) }),
    'GET /workspaces': { body: { items: [{ id: WORKSPACE_ID, name: 'Agency', role }] } },
    'GET /workspace/settings': { body: { posts_need_approval: postsNeedApproval } },
  };
}

async function openPosts(role: Role, tabs: Partial<Record<string, Post[]>>, counts: Partial<PostCounts> = {}, extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    ...routesAs(role),
    'GET /posts/counts': { body: { ...NO_COUNTS, ...counts } },
    'GET /posts': (call) => ({ body: { items: tabs[call.query.tab as string] ?? [], nextCursor: null } }),
    ...extra,
  });
  signedInAs();
  // A member who has worked in this workspace before: the app does not first read the list in their
  // own workspace and then reload it here, under a click (workspaces.test.tsx covers that first visit).
  window.localStorage.setItem(`sa.workspace.${ALICE.sub}`, WORKSPACE_ID);
  const app = renderApp('/home/posts?tab=approval');
  await screen.findByRole('heading', { level: 1, name: 'Posts' });
  return { ...app, api };
}

const waiting = aPost({ id: 'p1', status: 'pending_approval', version: 3, submitted_by: 'someone', scheduled_at: '2030-07-01T10:00:00.000Z' });

describe('approvals in the app', { timeout: 30_000 }, () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => vi.restoreAllMocks());

  it('has a Needs approval tab with its count and its own empty state', async () => {
    await openPosts('editor', {}, { approval: 0 });

    expect(await screen.findByRole('tab', { name: 'Needs approval (0)', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('No posts waiting for approval')).toBeInTheDocument();
  });

  it('lets an Editor approve a waiting post as it was shown (its version)', async () => {
    const { user, api } = await openPosts(
      'editor',
      { approval: [waiting] },
      { approval: 1 },
      {
        'POST /posts/p1/approve': { body: { ...waiting, status: 'scheduled', version: 4 } },
      },
    );
    const card = await screen.findByTestId('post-card');
    expect(within(card).getByTestId('post-status')).toHaveTextContent('Needs approval');

    await user.click(within(card).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(api.callsTo('POST', '/posts/p1/approve')).toHaveLength(1));
    expect(api.callsTo('POST', '/posts/p1/approve')[0]!.body).toEqual({ version: 3 });
    expect(await screen.findByText('Approved and scheduled')).toBeInTheDocument();
  });

  it('sends a waiting post back with the Editor’s comment, and not without one', async () => {
    const { user, api } = await openPosts(
      'editor',
      { approval: [waiting] },
      { approval: 1 },
      {
        'POST /posts/p1/request-changes': { body: { ...waiting, status: 'draft', version: 4, review_comment: 'Shorter, please' } },
      },
    );
    await user.click(within(await screen.findByTestId('post-card')).getByRole('button', { name: 'Request changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
    expect(within(dialog).getByRole('button', { name: 'Send back' })).toBeDisabled();

    await user.type(within(dialog).getByLabelText(/What should change\?/), 'Shorter, please');
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));

    await waitFor(() => expect(api.callsTo('POST', '/posts/p1/request-changes')).toHaveLength(1));
    expect(api.callsTo('POST', '/posts/p1/request-changes')[0]!.body).toEqual({ version: 3, comment: 'Shorter, please' });
  });

  it('shows a Contributor no decision buttons, the comment on a draft sent back, and no Publish now', async () => {
    const sentBack = aPost({ id: 'p2', status: 'draft', scheduled_at: null, review_comment: 'Use the new logo' });
    const { user } = await openPosts('contributor', { approval: [waiting], drafts: [sentBack] }, { approval: 1, drafts: 1 });
    const card = await screen.findByTestId('post-card');
    expect(within(card).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Request changes' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Drafts (1)' }));

    const draft = await screen.findByTestId('review-comment');
    expect(draft).toHaveTextContent('Use the new logo');
    expect(screen.queryByRole('button', { name: 'Publish now' })).not.toBeInTheDocument();
  });

  it('shows the post’s history, with who did what and the comment, in its edit dialog', async () => {
    const sentBack = aPost({ id: 'p2', status: 'draft', scheduled_at: null, review_comment: 'Use the new logo' });
    const at = '2026-03-04T10:00:00.000Z';
    const { user } = await openPosts(
      'contributor',
      { drafts: [sentBack] },
      { drafts: 1 },
      {
        'GET /accounts': { body: { accounts: [] } },
        'GET /posts/p2/activity': {
          body: {
            items: [
              { id: 'a1', kind: 'submitted', user_id: 'u1', email: 'cora@example.com', at, comment: null },
              { id: 'a2', kind: 'changes_requested', user_id: 'u2', email: 'eddie@example.com', at, comment: 'Use the new logo' },
            ],
          },
        },
      },
    );
    await user.click(await screen.findByRole('tab', { name: 'Drafts (1)' }));

    await user.click(await screen.findByRole('button', { name: 'Edit post' }));

    const history = await within(await screen.findByRole('dialog', { name: 'Edit Post' })).findByRole('region', { name: 'History' });
    const entries = within(history)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(entries[0]).toContain('Submitted for approval · cora@example.com');
    expect(entries[1]).toContain('Changes requested · eddie@example.com');
    expect(entries[1]).toContain('Use the new logo');
  });

  it('says a waiting post whose time passed was not published', async () => {
    await openPosts('editor', { approval: [{ ...waiting, scheduled_at: '2020-01-01T10:00:00.000Z' }] }, { approval: 1 });

    const card = await screen.findByTestId('post-card');
    expect(within(card).getByTestId('post-time-passed')).toHaveTextContent('Not approved before its time, so it was not published.');
    expect(within(card).getByRole('button', { name: 'Approve' })).toBeDisabled();
  });
});

describe('Compose for someone whose posts need approval', { timeout: 30_000 }, () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => vi.restoreAllMocks());

  async function openCompose(role: Role, postsNeedApproval: boolean) {
    mockApi({
      ...routesAs(role, postsNeedApproval),
      'GET /accounts': { body: { accounts: [socialAccount({ id: '01JQ00000000000000000000X1', platform: 'x' })] } },
    });
    signedInAs();
    renderApp('/home/compose');
    await screen.findByRole('heading', { level: 1, name: 'Compose' });
    await screen.findByTestId('platform-picker');
  }

  it.each([
    ['contributor', false, 'Submit for approval'],
    ['editor', true, 'Submit for approval'],
    ['editor', false, 'Schedule Post'],
    ['admin', true, 'Schedule Post'],
  ] as const)('as %s (setting on: %s) the button says "%s" once a time is chosen', async (role, on, label) => {
    await openCompose(role, on);

    await chooseScheduleTime('2030-07-01T09:00');

    expect(await screen.findByRole('button', { name: label })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to queue' }) === null).toBe(label === 'Submit for approval');
  });
});
