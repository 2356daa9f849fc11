import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '@shared/posts';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { aNewDraft, aPost, meResponse, mockApi, postTarget, shellRoutes, socialAccount } from './helpers/api-mock';
import { platformTile } from './helpers/compose';
import { renderApp } from './helpers/render-app';
import { openSignedIn } from './helpers/open-page';

/** In the browser: compose's first comment and thread parts, and their outcomes on the card. */
const X_ID = '01JQ00000000000000000000X1';
const IG_ID = '01JQ00000000000000000000I1';

async function openCompose(accounts = [socialAccount({ id: X_ID, platform: 'x', account_name: '@ada_bakes' })]) {
  return openSignedIn(
    '/home/compose',
    'Compose',
    {
      ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/London' } }) }),
      'GET /accounts': { body: { accounts } },
      'POST /posts': { status: 201, body: aNewDraft() },
    },
    'platform-picker',
  );
}

/** X selected, the caption written and one part added, its field focused. */
async function anXThreadStarted(user: Awaited<ReturnType<typeof openCompose>>['user']) {
  await user.click(platformTile('X (Twitter)'));
  await user.click(screen.getByLabelText('X caption'));
  await user.paste('Part one');
  await user.click(within(screen.getByTestId('compose-platform-x')).getByRole('button', { name: 'Add part' }));
  await user.click(screen.getByLabelText('X thread part 2'));
}

beforeEach(() => resetAmplifyMocks());
afterEach(() => vi.unstubAllGlobals());

describe('compose: X threads and first comments', () => {
  // Types a caption, two thread parts and a comment into the whole Compose form: the heaviest render
  // work of the file, which on a shared 2-core runner takes longer than the default 15 s by itself.
  it('adds thread parts with their own X counters and sends them, with the first comment, as the X target settings', { timeout: 45_000 }, async () => {
    const { user, api } = await openCompose();
    await anXThreadStarted(user);
    // CJK counts 2 each on X, and a bare .photography link 23 (twitter-text).
    await user.paste('日本 nic.photography');
    expect(screen.getByTestId('thread-counter-2')).toHaveTextContent('28/280');
    await user.click(screen.getByLabelText('X first comment'));
    await user.paste('Recipe below');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    await waitFor(() => expect(api.callsTo('POST', '/posts')).toHaveLength(1));
    const body = api.callsTo('POST', '/posts')[0]!.body as { platforms: { caption: string; settings: unknown }[] };
    expect(body.platforms[0]).toMatchObject({ caption: 'Part one', settings: { thread: ['日本 nic.photography'], first_comment: 'Recipe below' } });
  });

  it('refuses a thread part over 280 on the spot and saves nothing', async () => {
    const { user, api } = await openCompose();
    await anXThreadStarted(user);
    await user.paste('日'.repeat(141));

    expect(screen.getByText("Part 2 of the thread exceeds X's limit of 280 characters (current: 282)")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findAllByText(/Part 2 of the thread exceeds/)).not.toHaveLength(0);
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);
  });

  it('says to reconnect Instagram when the grant lacks the comment permission and a first comment is written', async () => {
    const { user } = await openCompose([
      socialAccount({ id: IG_ID, platform: 'instagram', first_comment: 'reconnect' } as Parameters<typeof socialAccount>[0]),
    ]);
    await user.click(platformTile('Instagram'));
    expect(screen.queryByTestId('first-comment-reconnect-instagram')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Instagram first comment'));
    await user.paste('#bakery #sourdough');

    expect(screen.getByTestId('first-comment-reconnect-instagram')).toHaveTextContent('Reconnect Instagram to post first comments');
  });

  it('offers no first comment on TikTok, which has no comment API', async () => {
    const { user } = await openCompose([socialAccount({ id: IG_ID, platform: 'tiktok' })]);
    await user.click(platformTile('TikTok'));
    expect(screen.queryByLabelText('TikTok first comment')).not.toBeInTheDocument();
  });
});

describe('the post card: first comment and thread outcomes', () => {
  async function openPostsWith(post: Post, tab: 'posted' | 'failed') {
    const api = mockApi({
      ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/London' } }) }),
      'GET /posts/counts': { body: { scheduled: 0, posted: tab === 'posted' ? 1 : 0, drafts: 0, failed: tab === 'failed' ? 1 : 0 } },
      'GET /posts': (call) => ({ body: { items: call.query.tab === tab ? [post] : [], nextCursor: null } }),
    });
    signedInAs();
    const app = renderApp('/home/posts');
    await screen.findByRole('heading', { level: 1, name: 'Posts' });
    await app.user.click(screen.getByRole('tab', { name: tab === 'posted' ? /Posted/ : /Failed/ }));
    return { ...app, api, card: await screen.findByTestId('post-card') };
  }

  it('shows a posted first comment with its link, and a failed one with its reason while the post stays posted', async () => {
    const post = aPost({
      id: 'p1',
      status: 'posted',
      published_at: '2026-03-04T20:00:00.000Z',
      platforms: [
        postTarget({
          id: 't1',
          platform: 'instagram',
          status: 'posted',
          post_url: 'https://instagram.com/p/abc',
          follow_ups: { first_comment: { status: 'posted', url: 'https://instagram.com/p/abc', error: null } },
        }),
        postTarget({
          id: 't2',
          platform: 'facebook',
          status: 'posted',
          post_url: 'https://facebook.com/1_2',
          follow_ups: { first_comment: { status: 'failed', url: null, error: 'Reconnect Facebook to post first comments.' } },
        }),
      ],
    });
    const { card } = await openPostsWith(post, 'posted');

    expect(within(card).getByTestId('post-status')).toHaveTextContent('Posted');
    expect(within(card).getByTestId('first-comment-outcome-instagram')).toHaveTextContent('First comment posted on Instagram');
    expect(within(card).getByRole('link', { name: /View comment/ })).toHaveAttribute('href', 'https://instagram.com/p/abc');
    expect(within(card).getByTestId('first-comment-outcome-facebook')).toHaveTextContent(
      'First comment on Facebook failed: Reconnect Facebook to post first comments.',
    );
  });

  it('says how far a thread got when a part failed, linking the parts that went out', async () => {
    const post = aPost({
      id: 'p1',
      status: 'failed',
      error_message: 'X failed: Posted 2 of 4 parts: part 3 failed: X rejected this as a duplicate of a recent post on this account.',
      platforms: [
        postTarget({
          id: 't1',
          platform: 'x',
          status: 'failed',
          follow_ups: {
            thread: {
              total: 4,
              posted: 2,
              urls: ['https://x.com/a/status/1', 'https://x.com/a/status/2'],
              failed_part: 3,
              error: 'X rejected this as a duplicate of a recent post on this account.',
            },
          },
        }),
      ],
    });
    const { card } = await openPostsWith(post, 'failed');

    expect(within(card).getByTestId('thread-outcome-x')).toHaveTextContent('Posted 2 of 4 parts: part 3 failed: X rejected this as a duplicate');
    expect(within(card).getByRole('link', { name: 'Part 2' })).toHaveAttribute('href', 'https://x.com/a/status/2');
  });
});
