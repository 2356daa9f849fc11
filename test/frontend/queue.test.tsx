import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { QueueSchedules, QueueView } from '@shared/queue';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { aNewDraft, meResponse, mockApi, shellRoutes, socialAccount } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

const FB = '01JQ00000000000000000000F1';
const X_ID = '01JQ00000000000000000000X1';
const POST = '01JQ00000000000000000000P1';
const ZONE = 'Europe/London';
// Monday 30 Nov 2026 and Tuesday 1 Dec 2026, 09:00 in London (GMT).
const MON_9 = '2026-11-30T09:00:00.000Z';
const TUE_9 = '2026-12-01T09:00:00.000Z';

function aQueue(overrides: Partial<QueueView> = {}): QueueView {
  return {
    timezone: ZONE,
    from: '2026-11-29T12:00:00.000Z',
    to: '2026-12-13T12:00:00.000Z',
    accounts: [
      {
        social_account_id: FB,
        platform: 'facebook',
        account_name: 'Bakery Page',
        slots: [
          { at: MON_9, post: { id: POST, status: 'scheduled', caption: 'Fresh sourdough', title: null, media_count: 0, platforms: ['facebook'] } },
          { at: TUE_9, post: null },
        ],
      },
      { social_account_id: X_ID, platform: 'x', account_name: '@baker', slots: [] },
    ],
    ...overrides,
  };
}

const SCHEDULES: QueueSchedules = {
  timezone: ZONE,
  items: [
    {
      social_account_id: FB,
      slots: [
        { day: 'mon', time: '09:00' },
        { day: 'tue', time: '09:00' },
      ],
      updated_at: '2026-11-20T10:00:00.000Z',
    },
  ],
};

async function openQueue(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    ...shellRoutes({ me: meResponse({ settings: { timezone: ZONE } }) }),
    'GET /queue/schedules': { body: SCHEDULES },
    'GET /queue': { body: aQueue() },
    ...routes,
  });
  signedInAs();
  const app = renderApp('/home/queue');
  await screen.findByRole('heading', { name: 'Queue', level: 1 });
  return { ...app, api };
}

const accountCard = (name: string) => screen.getAllByTestId('queue-account').find((card) => within(card).queryByText(name))!;

describe('the Queue page', { timeout: 30_000 }, () => {
  beforeEach(() => resetAmplifyMocks());

  it('lists each account’s upcoming slots in the user’s timezone, filled with the post or empty', async () => {
    await openQueue();

    const bakery = await waitFor(() => accountCard('Bakery Page'));
    const slots = within(bakery).getAllByTestId('queue-slot');
    expect(slots.map((s) => s.dataset.filled)).toEqual(['true', 'false']);
    expect(slots[0]).toHaveTextContent('9:00 AM');
    expect(slots[0]).toHaveTextContent('Fresh sourdough');
    expect(slots[1]).toHaveTextContent('Empty slot');
    expect(within(bakery).getByText('Mon, Nov 30')).toBeInTheDocument();
  });

  it('an account without posting times says so and adds Mon–Fri at the chosen time, saved as the whole week', async () => {
    const { user, api } = await openQueue({
      [`PUT /queue/schedules/${X_ID}`]: (call) => ({ body: { social_account_id: X_ID, ...(call.body as object), updated_at: '2026-11-29T12:00:00.000Z' } }),
    });
    const x = await waitFor(() => accountCard('@baker'));
    expect(within(x).getByTestId('queue-empty')).toHaveTextContent('No posting times yet: add them');

    await user.clear(within(x).getByLabelText('New posting time for @baker'));
    await user.type(within(x).getByLabelText('New posting time for @baker'), '12:30');
    await user.click(within(x).getByRole('button', { name: 'Add time' }));
    await user.click(within(within(x).getByRole('group', { name: '12:30 PM posting time' })).getByRole('button', { name: 'Wed' }));
    await user.click(within(x).getByRole('button', { name: 'Save posting times' }));

    expect(await screen.findByText('Posting times saved')).toBeInTheDocument();
    expect(api.callsTo('PUT', `/queue/schedules/${X_ID}`)[0]!.body).toEqual({
      slots: [
        { day: 'mon', time: '12:30' },
        { day: 'tue', time: '12:30' },
        { day: 'thu', time: '12:30' },
        { day: 'fri', time: '12:30' },
      ],
    });
  });

  it('shows the server’s reason when saving is refused', async () => {
    const { user } = await openQueue({
      [`PUT /queue/schedules/${FB}`]: { status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'Monday 09:00 is listed twice' } } },
    });
    const bakery = await waitFor(() => accountCard('Bakery Page'));

    await user.click(within(within(bakery).getByRole('group', { name: '9:00 AM posting time' })).getByRole('button', { name: 'Wed' }));
    await user.click(within(bakery).getByRole('button', { name: 'Save posting times' }));

    expect(await screen.findByText('Monday 09:00 is listed twice')).toBeInTheDocument();
  });

  it('moves a post to another slot and sends it back to Drafts', async () => {
    const { user, api } = await openQueue({
      'PATCH /queue': { body: { moved: [{ id: POST, scheduled_at: TUE_9 }] } },
      [`PATCH /posts/${POST}`]: { body: aNewDraft() },
    });
    const bakery = await waitFor(() => accountCard('Bakery Page'));

    await user.selectOptions(within(bakery).getByLabelText('Move the Mon, Nov 30 9:00 AM post'), TUE_9);
    expect(await screen.findByText('Post moved')).toBeInTheDocument();
    await user.click(within(bakery).getByRole('button', { name: 'Back to Drafts' }));

    expect(await screen.findByText('Moved to Drafts')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/queue')[0]!.body).toEqual({ post_id: POST, to: TUE_9 });
    expect(api.callsTo('PATCH', `/posts/${POST}`)[0]!.body).toEqual({ scheduled_at: null, platforms: [] });
  });

  it('names each "Move to…" choice with its date, so the same weekday and time a week apart are told apart', async () => {
    const NEXT_MON_9 = '2026-12-07T09:00:00.000Z';
    const queue = aQueue();
    queue.accounts[0]!.slots.push({ at: NEXT_MON_9, post: null });
    await openQueue({ 'GET /queue': { body: queue } });
    const bakery = await waitFor(() => accountCard('Bakery Page'));

    const choices = within(within(bakery).getByLabelText('Move the Mon, Nov 30 9:00 AM post')).getAllByRole('option');

    expect(choices.map((o) => o.textContent)).toEqual(['Move to…', 'Tue, Dec 1, 9:00 AM', 'Mon, Dec 7, 9:00 AM']);
  });

  it('deletes a queued post only after confirming', async () => {
    const { user, api } = await openQueue({ [`DELETE /posts/${POST}`]: { status: 204 } });
    const bakery = await waitFor(() => accountCard('Bakery Page'));

    await user.click(within(bakery).getByRole('button', { name: 'Delete post' }));
    expect(api.callsTo('DELETE', `/posts/${POST}`)).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(api.callsTo('DELETE', `/posts/${POST}`)).toHaveLength(1));
  });

  it('in agency mode, gives each client its own week and upcoming slots, saved with kind client', async () => {
    const CLIENT = '01JQ00000000000000000000C1';
    const { user, api } = await openQueue({
      'GET /queue': { body: aQueue({ clients: [{ client_id: CLIENT, name: 'Gym', slots: [{ at: MON_9, post: null }] }] }) },
      'GET /queue/schedules': { body: { ...SCHEDULES, clients: [] } },
      [`PUT /queue/schedules/${CLIENT}`]: (call) => ({
        body: { client_id: CLIENT, ...(call.body as { slots: object }), updated_at: '2026-11-29T12:00:00.000Z' },
      }),
    });
    await screen.findByRole('heading', { name: 'Clients', level: 2 });
    const gym = screen.getByTestId('queue-client');
    expect(within(gym).getByText('Gym')).toBeInTheDocument();
    expect(
      within(gym)
        .getAllByTestId('queue-slot')
        .map((s) => s.dataset.filled),
    ).toEqual(['false']);

    await user.clear(within(gym).getByLabelText('New posting time for Gym'));
    await user.type(within(gym).getByLabelText('New posting time for Gym'), '11:00');
    await user.click(within(gym).getByRole('button', { name: 'Add time' }));
    await user.click(within(gym).getByRole('button', { name: 'Save posting times' }));

    expect(await screen.findByText('Posting times saved')).toBeInTheDocument();
    expect(api.callsTo('PUT', `/queue/schedules/${CLIENT}`)[0]!.body).toEqual({
      kind: 'client',
      slots: (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => ({ day, time: '11:00' })),
    });
    expect(api.callsTo('PUT', `/queue/schedules/${FB}`)).toHaveLength(0);
  });

  it('for a creator (no clients in the queue), shows no client section', async () => {
    await openQueue();
    await waitFor(() => accountCard('Bakery Page'));

    expect(screen.queryByRole('heading', { name: 'Clients' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('queue-client')).not.toBeInTheDocument();
  });

  it('without accounts, points to connecting one', async () => {
    await openQueue({ 'GET /queue': { body: aQueue({ accounts: [] }) }, 'GET /queue/schedules': { body: { timezone: ZONE, items: [] } } });

    expect(await screen.findByText('Connect an account to give it posting times.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect an account' })).toHaveAttribute('href', '/home/platforms');
  });

  it('says when the queue could not load, and tries again', async () => {
    let fail = true;
    const { user } = await openQueue({
      'GET /queue': () => (fail ? { status: 500, body: { error: { code: 'INTERNAL', message: 'down' } } } : { body: aQueue() }),
    });

    expect(await screen.findByText("Couldn't load your queue", {}, { timeout: 10_000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findAllByTestId('queue-slot')).toHaveLength(2);
  });
});

describe('Add to queue in Compose', { timeout: 30_000 }, () => {
  beforeEach(() => resetAmplifyMocks());

  it('sends the post without a time and says which slot it got', async () => {
    const api = mockApi({
      ...shellRoutes({ me: meResponse({ settings: { timezone: ZONE } }) }),
      'GET /accounts': { body: { accounts: [socialAccount({ id: X_ID, platform: 'x', account_name: '@baker' })] } },
      'POST /queue/posts': { status: 201, body: { ...aNewDraft(), status: 'scheduled', scheduled_at: TUE_9 } },
    });
    signedInAs();
    const { user } = renderApp('/home/compose');
    await screen.findByTestId('platform-picker');
    await user.click(screen.getByRole('button', { name: 'X (Twitter)' }));
    await user.click(screen.getByLabelText('X caption'));
    await user.paste('Fresh bread');

    await user.click(screen.getByRole('button', { name: 'Add to queue' }));

    expect(await screen.findByText('Added to the queue for Tue, Dec 1, 9:00 AM')).toBeInTheDocument();
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);
    expect(api.callsTo('POST', '/queue/posts')[0]!.body).toEqual({
      scheduled_at: null,
      platforms: [{ platform: 'x', social_account_id: X_ID, caption: 'Fresh bread', settings: {} }],
      media_ids: [],
    });
  });
});
