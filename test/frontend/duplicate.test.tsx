import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '@shared/posts';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { aPost, mockApi, postTarget, shellRoutes, socialAccount } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

/** "Duplicate" on any card makes a new draft and opens it for editing. */
const posted = aPost({
  id: 'p1',
  status: 'posted',
  published_at: '2026-03-04T20:00:00.000Z',
  platforms: [
    postTarget({
      id: 't1',
      platform: 'facebook',
      account_name: 'Bakery Page',
      social_account_id: 'acc-fb',
      status: 'posted',
      post_url: 'https://fb.example/1',
    }),
    postTarget({ id: 't2', platform: 'x', account_name: '@oldbakery', social_account_id: 'acc-x', status: 'posted', post_url: 'https://x.example/1' }),
  ],
});
const copy: Post = aPost({
  id: 'c1',
  status: 'draft',
  scheduled_at: null,
  platforms: [postTarget({ id: 'n1', platform: 'facebook', account_name: 'Bakery Page', social_account_id: 'acc-fb', caption: 'Fresh bread every morning' })],
});

async function openPosts(tab: string, items: Post[], routes: Parameters<typeof mockApi>[0]) {
  const api = mockApi({
    ...shellRoutes(),
    'GET /accounts': { body: { accounts: [socialAccount({ id: 'acc-fb', platform: 'facebook', account_name: 'Bakery Page' })] } },
    'GET /posts/counts': { body: { scheduled: 0, posted: 0, drafts: 0, failed: 0, [tab]: items.length } },
    'GET /posts': (call) => ({ body: { items: call.query.tab === tab ? items : [], nextCursor: null } }),
    ...routes,
  });
  signedInAs();
  const app = renderApp(`/home/posts?tab=${tab}`);
  await screen.findAllByTestId('post-card');
  return { ...app, api };
}

describe('duplicating a post', { timeout: 30_000 }, () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => vi.restoreAllMocks());

  it('makes a draft, says which accounts were left out, and opens the copy in the editor', async () => {
    const { user, api } = await openPosts('posted', [posted], {
      'POST /posts/p1/duplicate': {
        status: 201,
        body: { post: copy, left_out: [{ platform: 'x', account_name: '@oldbakery', reason: 'Please connect accounts for selected platforms' }] },
      },
    });
    const [card] = await screen.findAllByTestId('post-card');

    await user.click(within(card!).getByRole('button', { name: 'Duplicate post' }));

    await waitFor(() => expect(api.callsTo('POST', '/posts/p1/duplicate')).toHaveLength(1));
    expect(await screen.findByText('Duplicated as a new draft')).toBeInTheDocument();
    expect(screen.getByText('Left out X (@oldbakery): Please connect accounts for selected platforms')).toBeInTheDocument();
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findByRole('form', { name: 'Edit Post' });
    expect(dialog.getByLabelText('Facebook caption')).toHaveValue('Fresh bread every morning');
  });

  it('is on every tab’s cards, and says why when the copy is refused', async () => {
    const failed = aPost({ id: 'f1', status: 'failed', platforms: [postTarget({ id: 't1', platform: 'facebook', status: 'failed', error_message: 'down' })] });
    const { user } = await openPosts('failed', [failed], {
      'POST /posts/f1/duplicate': {
        status: 400,
        body: { error: { code: 'VALIDATION_ERROR', message: "None of this post's accounts can be posted to now, so there is nothing to copy." } },
      },
    });
    const [card] = await screen.findAllByTestId('post-card');

    await user.click(within(card!).getByRole('button', { name: 'Duplicate post' }));

    expect(await screen.findByText("Couldn't duplicate the post")).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
