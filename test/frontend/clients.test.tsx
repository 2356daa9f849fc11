import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Client } from '@shared/clients';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { aPost, meResponse, mockApi, shellRoutes } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';
import { undoWindow } from '@/features/clients/api/delete-client';

const ACME = '01JQ0000000000000000000AC1';
const GYM = '01JQ0000000000000000000GY1';
const NEW = '01JQ0000000000000000000NE1';

const aClient = (overrides: Partial<Client> & Pick<Client, 'id' | 'name'>): Client => ({
  logo_url: null,
  created_at: '2026-03-14T12:00:00.000Z',
  ...overrides,
});
const agency = () => shellRoutes({ me: meResponse({ settings: { mode: 'agency' } }) });

/** The API as the Clients page uses it, over an in-memory list (newest first). */
function clientsApi(initial: Client[], overrides: Parameters<typeof mockApi>[0] = {}) {
  let clients = [...initial];
  return mockApi({
    ...agency(),
    'GET /clients': () => ({ body: { items: clients } }),
    'POST /clients': (call) => {
      const body = call.body as { name: string; logo_url: string | null };
      const created = aClient({ id: NEW, name: body.name, logo_url: body.logo_url, created_at: '2026-04-01T12:00:00.000Z' });
      clients = [created, ...clients];
      return { status: 201, body: created };
    },
    [`PATCH /clients/${ACME}`]: (call) => {
      const body = call.body as { name: string; logo_url: string | null };
      clients = clients.map((c) => (c.id === ACME ? { ...c, ...body } : c));
      return { body: clients.find((c) => c.id === ACME) };
    },
    [`DELETE /clients/${ACME}`]: () => {
      clients = clients.filter((c) => c.id !== ACME);
      return { status: 204 };
    },
    ...overrides,
  });
}

async function openClients(initial: Client[], overrides: Parameters<typeof mockApi>[0] = {}) {
  const api = clientsApi(initial, overrides);
  signedInAs();
  const app = renderApp('/home/clients');
  await screen.findByRole('heading', { name: 'Clients', level: 1 });
  return { ...app, api };
}

const cards = () => screen.queryAllByTestId('client-card');

describe('the Clients page (agency mode)', () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => vi.restoreAllMocks());

  it('says how to start when there are no clients', async () => {
    await openClients([]);
    expect(await screen.findByText('No clients yet. Add your first client to get started!')).toBeInTheDocument();
  });

  it('shows a card per client in the order the API gives (newest first), with initials when there is no logo', async () => {
    await openClients([aClient({ id: GYM, name: 'Iron Gym' }), aClient({ id: ACME, name: 'Acme Bakery' })]);
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(within(cards()[0]!).getByText('Iron Gym')).toBeInTheDocument();
    expect(within(cards()[1]!).getByText('Acme Bakery')).toBeInTheDocument();
    expect(within(cards()[1]!).getByTestId('client-initials')).toHaveTextContent('AB');
    expect(within(cards()[1]!).getByText('Added Mar 14, 2026')).toBeInTheDocument();
  });

  it('falls back to the initials when the logo fails to load', async () => {
    await openClients([aClient({ id: ACME, name: 'Acme Bakery', logo_url: 'https://cdn.example.com/broken.png' })]);
    const card = (await screen.findAllByTestId('client-card'))[0]!;
    const img = card.querySelector('img')!;
    expect(img).toHaveAttribute('src', 'https://cdn.example.com/broken.png');
    fireEvent.error(img);
    await waitFor(() => expect(within(card).getByTestId('client-initials')).toBeVisible());
    expect(within(card).getByTestId('client-initials')).toHaveTextContent('AB');
  });

  it('adds a client: the button waits for a name, then the new client appears with a toast', async () => {
    const { user, api } = await openClients([aClient({ id: ACME, name: 'Acme Bakery' })]);
    await user.click(screen.getByRole('button', { name: 'Add Client' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Add Client' });
    expect(submit).toBeDisabled();

    await user.type(within(dialog).getByLabelText(/Client Name/), '   ');
    expect(submit).toBeDisabled();
    await user.clear(within(dialog).getByLabelText(/Client Name/));
    await user.type(within(dialog).getByLabelText(/Client Name/), ' Florist ');
    await user.type(within(dialog).getByLabelText(/Logo URL/), 'https://cdn.example.com/florist.png');
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await screen.findByText('Client created successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/clients')[0]!.body).toEqual({ name: 'Florist', logo_url: 'https://cdn.example.com/florist.png' });
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(within(cards()[0]!).getByText('Florist')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refuses a logo URL that is not http(s) before sending anything', async () => {
    const { user, api } = await openClients([]);
    await user.click(screen.getByRole('button', { name: 'Add Client' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Client Name/), 'Acme');
    await user.type(within(dialog).getByLabelText(/Logo URL/), 'javascript:alert(1)');

    expect(within(dialog).getByText('Logo URL must be a valid http(s) URL')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add Client' })).toBeDisabled();
    expect(api.callsTo('POST', '/clients')).toHaveLength(0);
    await waitFor(() => expect(within(dialog).getByLabelText(/Logo URL/)).toHaveAccessibleErrorMessage('Logo URL must be a valid http(s) URL'));
    expect(within(dialog).getByLabelText(/Client Name/)).not.toHaveAttribute('aria-invalid');
  });

  it('marks the field the API refuses, by the path its 400 names', async () => {
    // Prepare
    const { user } = await openClients([], {
      'POST /clients': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Logo URL must be a valid http(s) URL',
            details: [{ path: 'logo_url', message: 'Logo URL must be a valid http(s) URL' }],
          },
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add Client' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Client Name/), 'Acme');
    await user.type(within(dialog).getByLabelText(/Logo URL/), 'https://acme.example/logo.png');

    // Act
    await user.click(within(dialog).getByRole('button', { name: 'Add Client' }));

    // Assess
    expect(await screen.findByText('Error creating client')).toBeInTheDocument();
    const logo = within(dialog).getByLabelText(/Logo URL/);
    await waitFor(() => expect(logo).toHaveAttribute('aria-invalid', 'true'));
    await waitFor(() => expect(logo).toHaveAccessibleErrorMessage('Logo URL must be a valid http(s) URL'));
    expect(within(dialog).getByLabelText(/Client Name/)).not.toHaveAttribute('aria-invalid');
  });

  it("shows 'Error creating client' with the reason when the API refuses", async () => {
    const { user } = await openClients([], {
      'POST /clients': { status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'Client name must be 100 characters or less' } } },
    });
    await user.click(screen.getByRole('button', { name: 'Add Client' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Client Name/), 'Acme');
    await user.click(within(dialog).getByRole('button', { name: 'Add Client' }));

    expect(await screen.findByText('Error creating client')).toBeInTheDocument();
    expect(screen.getByText('Client name must be 100 characters or less')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('edits a client in a dialog filled with its values', async () => {
    const { user, api } = await openClients([aClient({ id: ACME, name: 'Acme Bakery', logo_url: 'https://cdn.example.com/acme.png' })]);
    await user.click(await screen.findByRole('button', { name: 'Edit Acme Bakery' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit Client')).toBeInTheDocument();
    const name = within(dialog).getByLabelText(/Client Name/);
    expect(name).toHaveValue('Acme Bakery');
    expect(within(dialog).getByLabelText(/Logo URL/)).toHaveValue('https://cdn.example.com/acme.png');

    await user.clear(name);
    await user.type(name, 'Acme Ltd');
    await user.clear(within(dialog).getByLabelText(/Logo URL/));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Client updated successfully!')).toBeInTheDocument();
    expect(api.callsTo('PATCH', `/clients/${ACME}`)[0]!.body).toEqual({ name: 'Acme Ltd', logo_url: null });
    expect(await screen.findByText('Acme Ltd')).toBeInTheDocument();
  });

  it('deletes a client in one click, hiding it at once and sending the DELETE when the Undo window closes', async () => {
    // The window is long and runs on a clock the test moves: however slow the machine, it is still
    // open for the first checks, and it closes when the test says so.
    undoWindow.ms = 60_000;
    const { user, api } = await openClients([aClient({ id: GYM, name: 'Iron Gym' }), aClient({ id: ACME, name: 'Acme Bakery' })]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(await screen.findByRole('button', { name: 'Delete Acme Bakery' }));

    const toast = (await screen.findByText('Client deleted')).closest('[data-scope="toast"][data-part="root"]') as HTMLElement;
    expect(within(toast).getByText('Acme Bakery')).toBeInTheDocument();
    expect(within(toast).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(api.callsTo('DELETE', `/clients/${ACME}`)).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(undoWindow.ms);
    await waitFor(() => expect(api.callsTo('DELETE', `/clients/${ACME}`)).toHaveLength(1));
    await waitFor(() => expect(api.callsTo('GET', '/clients').length).toBeGreaterThan(1));
    expect(cards()).toHaveLength(1);
    expect(within(screen.getByTestId('client-card')).queryByText('Acme Bakery')).not.toBeInTheDocument();
  });

  it('Undo brings the client back and nothing is deleted', async () => {
    undoWindow.ms = 1500;
    const { user, api } = await openClients([aClient({ id: GYM, name: 'Iron Gym' }), aClient({ id: ACME, name: 'Acme Bakery' })]);
    // The undo window's timer runs on a clock the test moves, so the window really closes below.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(await screen.findByRole('button', { name: 'Delete Acme Bakery' }));
    await waitFor(() => expect(cards()).toHaveLength(1));

    await user.click(await screen.findByRole('button', { name: 'Undo' }));

    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Delete Acme Bakery' })).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(undoWindow.ms);
    expect(api.callsTo('DELETE', `/clients/${ACME}`)).toHaveLength(0);
    expect(cards()).toHaveLength(2);
  });

  it('only logs a failed delete (spec: no error handling), and the client shows again', async () => {
    undoWindow.ms = 60_000;
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await openClients([aClient({ id: ACME, name: 'Acme Bakery' })], {
      [`DELETE /clients/${ACME}`]: { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } } },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(await screen.findByRole('button', { name: 'Delete Acme Bakery' }));
    await screen.findByText('Client deleted');
    await vi.advanceTimersByTimeAsync(undoWindow.ms);

    await waitFor(() => expect(error).toHaveBeenCalledWith('Delete client failed', expect.anything()));
    expect(await screen.findByRole('button', { name: 'Delete Acme Bakery' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong on our side. Please try again.')).not.toBeInTheDocument();
  });
});

describe('clients elsewhere in agency mode', { timeout: 30_000 }, () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => vi.restoreAllMocks());

  const CLIENTS = [aClient({ id: GYM, name: 'Iron Gym' }), aClient({ id: ACME, name: 'Acme Bakery' })];
  const X_ID = '01JQ00000000000000000000X1';
  const DRAFT = aPost({
    id: '01JQ00000000000000000000P1',
    scheduled_at: null,
    status: 'draft',
    client_id: ACME,
    created_at: '2026-03-20T12:00:00.000Z',
    updated_at: '2026-03-20T12:00:00.000Z',
    platforms: [],
  });

  it('assigns a new post to the chosen client when composing', async () => {
    const api = mockApi({
      ...agency(),
      'GET /clients': { body: { items: CLIENTS } },
      'GET /accounts': {
        body: {
          accounts: [
            {
              id: X_ID,
              platform: 'x',
              account_id: 'x-1',
              account_name: '@baker',
              picture_url: null,
              profile_url: null,
              is_connected: true,
              needs_reconnect: false,
              created_at: '2026-03-14T12:00:00.000Z',
            },
          ],
        },
      },
      'POST /posts': { status: 201, body: DRAFT },
    });
    signedInAs();
    const { user } = renderApp('/home/compose');
    await screen.findByTestId('platform-picker');
    const select = await screen.findByRole('combobox', { name: 'Client' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Acme Bakery' })).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'X (Twitter)' }));
    await user.click(screen.getByLabelText('X caption'));
    await user.paste('Fresh bread');
    await user.selectOptions(select, ACME);
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    expect(await screen.findByText('Post created successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/posts')[0]!.body).toMatchObject({ client_id: ACME });
  });

  it('filters the Posts lists by client', async () => {
    const api = mockApi({
      ...agency(),
      'GET /clients': { body: { items: CLIENTS } },
      'GET /posts/counts': { body: { scheduled: 0, posted: 0, drafts: 0, failed: 0 } },
      'GET /posts': { body: { items: [], nextCursor: null } },
    });
    signedInAs();
    const { user } = renderApp('/home/posts');
    const select = await screen.findByRole('combobox', { name: 'Client' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Iron Gym' })).toBeInTheDocument());
    expect(api.callsTo('GET', '/posts').at(-1)!.query.client_id).toBeUndefined();

    await user.selectOptions(select, GYM);

    await waitFor(() => expect(api.callsTo('GET', '/posts').at(-1)!.query).toMatchObject({ tab: 'scheduled', client_id: GYM }));
  });

  it('filters the calendar by client', async () => {
    const api = mockApi({
      ...agency(),
      'GET /clients': { body: { items: CLIENTS } },
      'GET /posts/calendar': { body: { items: [] } },
    });
    signedInAs();
    const { user } = renderApp('/home/schedule');
    const select = await screen.findByRole('combobox', { name: 'Client' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Acme Bakery' })).toBeInTheDocument());

    await user.selectOptions(select, ACME);

    await waitFor(() => expect(api.callsTo('GET', '/posts/calendar').at(-1)!.query.client_id).toBe(ACME));
  });

  it('shows no client picker to a creator, and never asks for clients', async () => {
    const api = mockApi({
      ...shellRoutes(),
      'GET /posts/counts': { body: { scheduled: 0, posted: 0, drafts: 0, failed: 0 } },
      'GET /posts': { body: { items: [], nextCursor: null } },
    });
    signedInAs();
    renderApp('/home/posts');
    await screen.findByRole('heading', { name: 'Posts', level: 1 });
    await waitFor(() => expect(api.callsTo('GET', '/posts').length).toBeGreaterThan(0));
    expect(screen.queryByRole('combobox', { name: 'Client' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/clients')).toHaveLength(0);
  });
});
