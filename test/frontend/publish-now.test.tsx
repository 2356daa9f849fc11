import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '@shared/posts';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { aNewDraft, aPost, meResponse, mockApi, postTarget, shellRoutes, socialAccount } from './helpers/api-mock';
import { platformTile } from './helpers/compose';
import { renderApp } from './helpers/render-app';
import { openSignedIn } from './helpers/open-page';

/** From Compose and from a draft's card, always after a dialog that names the accounts. */
const X_ID = '01JQ00000000000000000000X1';
const FB_ID = '01JQ00000000000000000000F1';
const ACCOUNTS = [
  socialAccount({ id: X_ID, platform: 'x', account_name: '@baker' }),
  socialAccount({ id: FB_ID, platform: 'facebook', account_name: 'Bakery Page' }),
];

async function openCompose(routes: Parameters<typeof mockApi>[0] = {}) {
  return openSignedIn(
    '/home/compose',
    'Compose',
    {
      ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/London' } }) }),
      'GET /accounts': { body: { accounts: ACCOUNTS } },
      'POST /posts/publish-now': { status: 201, body: { ...aNewDraft(), status: 'scheduled', scheduled_at: new Date().toISOString() } },
      ...routes,
    },
    'platform-picker',
  );
}

async function openDrafts(drafts: Post[], routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    ...shellRoutes(),
    'GET /posts/counts': { body: { scheduled: 0, posted: 0, drafts: drafts.length, failed: 0 } },
    'GET /posts': (call) => ({ body: { items: call.query.tab === 'drafts' ? drafts : [], nextCursor: null } }),
    ...routes,
  });
  signedInAs();
  const app = renderApp('/home/posts?tab=drafts');
  await screen.findAllByTestId('post-card');
  return { ...app, api };
}

const aDraft = () =>
  aPost({
    id: 'd1',
    status: 'draft',
    scheduled_at: null,
    version: 3,
    platforms: [postTarget({ id: 't1', platform: 'facebook', account_name: 'Bakery Page' }), postTarget({ id: 't2', platform: 'x', account_name: '@baker' })],
  });

describe('Publish now in Compose', { timeout: 30_000 }, () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => vi.restoreAllMocks());

  it('asks first, naming the accounts, and sends the post with no time only once confirmed; the form starts over', async () => {
    // Prepare
    const { user, api } = await openCompose();
    await user.click(platformTile('X (Twitter)'));
    await user.click(screen.getByLabelText('X caption'));
    await user.paste('Warm rolls, right now');

    // Act: cancel once, then confirm.
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText('Publish this post now?')).toBeInTheDocument();
    expect(dialog.getByText(/It goes out right away to X \(@baker\)/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/posts/publish-now')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Publish now' }));

    // Assess
    await waitFor(() => expect(api.callsTo('POST', '/posts/publish-now')).toHaveLength(1));
    expect(api.callsTo('POST', '/posts/publish-now')[0]!.body).toMatchObject({
      scheduled_at: null,
      platforms: [{ platform: 'x', social_account_id: X_ID, caption: 'Warm rolls, right now' }],
    });
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);
    expect(await screen.findByText('Publishing now')).toBeInTheDocument();
    expect(screen.getByText('Sending to X (@baker).')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('X caption')).not.toBeInTheDocument());
  });

  it('sends a double click on the confirm button once, under one idempotency key', async () => {
    const { user, api } = await openCompose();
    await user.click(platformTile('Facebook'));
    await user.click(screen.getByLabelText('Facebook caption'));
    await user.paste('Only once, please');

    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    await user.dblClick(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Publish now' }));

    expect(await screen.findByText('Publishing now')).toBeInTheDocument();
    const sent = api.callsTo('POST', '/posts/publish-now');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('sends the same post again under the same key when the first answer was lost, and under a new key after an answer', async () => {
    // Prepare: the first send's connection drops; the second is answered with a refusal; the third succeeds.
    let call = 0;
    const { user, api } = await openCompose({
      'POST /posts/publish-now': () => {
        call += 1;
        if (call === 1) throw new TypeError('Failed to fetch');
        if (call === 2) return { status: 409, body: { error: { code: 'CONFLICT', message: 'Try again in a moment' } } };
        return { status: 201, body: { ...aNewDraft(), status: 'scheduled', scheduled_at: new Date().toISOString() } };
      },
    });
    await user.click(platformTile('Facebook'));
    await user.click(screen.getByLabelText('Facebook caption'));
    await user.paste('Through a bad connection');
    const publishOnce = async () => {
      await user.click(screen.getByRole('button', { name: 'Publish now' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Publish now' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    };

    // Act
    await publishOnce();
    await publishOnce();
    await publishOnce();

    // Assess
    const keys = api.callsTo('POST', '/posts/publish-now').map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('says what stops the post without opening the dialog or calling the API', async () => {
    const { user, api } = await openCompose();

    await user.click(screen.getByRole('button', { name: 'Publish now' }));

    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/posts/publish-now')).toHaveLength(0);
  });

  it("shows the plan's limit when the month's posts are used up", async () => {
    const { user } = await openCompose({
      'POST /posts/publish-now': {
        status: 403,
        body: {
          error: { code: 'PLAN_LIMIT_REACHED', message: "You've reached your monthly limit of 5 posts.", details: { upgrade: 'Upgrade to Basic for 15.' } },
        },
      },
    });
    await user.click(platformTile('Facebook'));
    await user.click(screen.getByLabelText('Facebook caption'));
    await user.paste('One more');

    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Publish now' }));

    expect(await screen.findByTestId('plan-limit-alert')).toHaveTextContent('Upgrade to Basic for 15.');
    expect(screen.getByLabelText('Facebook caption')).toHaveValue('One more');
  });
});

describe('Publish now on a draft', { timeout: 30_000 }, () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => vi.restoreAllMocks());

  it('names every account, then publishes the version shown', async () => {
    const draft = aDraft();
    const { user, api } = await openDrafts([draft], { 'POST /posts/d1/publish': { body: { ...draft, status: 'scheduled', version: 4 } } });
    const [card] = await screen.findAllByTestId('post-card');

    await user.click(within(card!).getByRole('button', { name: 'Publish now' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText(/It goes out right away to Facebook \(Bakery Page\) and X \(@baker\)/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Publish now' }));

    await waitFor(() => expect(api.callsTo('POST', '/posts/d1/publish')).toHaveLength(1));
    expect(api.callsTo('POST', '/posts/d1/publish')[0]!.body).toEqual({ version: 3 });
    expect(await screen.findByText('Publishing now')).toBeInTheDocument();
  });

  it('says why when the draft changed meanwhile', async () => {
    const { user } = await openDrafts([aDraft()], {
      'POST /posts/d1/publish': {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'This draft was changed or published meanwhile. Reload it and try again.' } },
      },
    });
    const [card] = await screen.findAllByTestId('post-card');

    await user.click(within(card!).getByRole('button', { name: 'Publish now' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Publish now' }));

    expect(await screen.findByText("Couldn't publish the draft")).toBeInTheDocument();
    expect(screen.getByText('This draft was changed or published meanwhile. Reload it and try again.')).toBeInTheDocument();
  });

  it('is offered on drafts only; a failed post offers retrying its failed platforms', async () => {
    const failed = aPost({
      id: 'f1',
      status: 'failed',
      platforms: [
        postTarget({ id: 't1', platform: 'facebook', account_name: 'Bakery Page', status: 'posted', post_url: 'https://fb.example/1' }),
        postTarget({ id: 't2', platform: 'x', account_name: '@baker', status: 'failed', error_message: 'down' }),
      ],
    });
    mockApi({
      ...shellRoutes(),
      'GET /posts/counts': { body: { scheduled: 1, posted: 0, drafts: 0, failed: 1 } },
      'GET /posts': (call) => ({
        body: { items: call.query.tab === 'failed' ? [failed] : call.query.tab === 'scheduled' ? [aPost({ id: 's1' })] : [], nextCursor: null },
      }),
    });
    signedInAs();
    const { user } = renderApp('/home/posts?tab=scheduled');
    const [scheduled] = await screen.findAllByTestId('post-card');
    expect(within(scheduled!).queryByRole('button', { name: 'Publish now' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Failed/ }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Retry failed platforms: X (@baker)' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Publish now' })).not.toBeInTheDocument();
  });
});
