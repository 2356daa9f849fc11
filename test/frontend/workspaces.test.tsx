import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Client } from '@shared/clients';
import { INVITE_MSG, WORKSPACE_HEADER, type MembersResponse, type WorkspaceSummary } from '@shared/workspaces';
import { ALICE, resetAmplifyMocks, signedInAs, signedOut, signInSucceedsAs } from './helpers/amplify-mocks';
import { meResponse, mockApi, shellRoutes, type RecordedCall } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

// Alice's first workspace has her user id; the agency she was invited to has a ULID.
const OWN = ALICE.sub;
const AGENCY = '01JQ0000000000000000000AG1';
const STORE_KEY = `sa.workspace.${ALICE.sub}`;
const TOKEN = 'A'.repeat(43);

const own: WorkspaceSummary = { id: OWN, name: 'Alice Studio', role: 'owner' };
const agency: WorkspaceSummary = { id: AGENCY, name: 'Acme Agency', role: 'editor' };

const aClient = (id: string, name: string): Client => ({ id, name, logo_url: null, created_at: '2026-03-14T12:00:00.000Z' });
const CLIENTS: Record<string, Client[]> = {
  [OWN]: [aClient('01JQ0000000000000000000CL1', 'Studio Client')],
  [AGENCY]: [aClient('01JQ0000000000000000000CL2', 'Agency Client')],
};

/**
 * Picks the switcher's item whose text starts with `label`. jsdom cannot drive Zag's pointer
 * highlighting, so the keyboard selects it, once the menu has taken focus.
 */
async function chooseFromSwitcher(user: ReturnType<typeof renderApp>['user'], label: string) {
  await user.click(screen.getByTestId('workspace-switcher'));
  await waitFor(() => expect(screen.getByRole('menu')).toHaveFocus());
  const highlighted = () => screen.getByRole('menu').querySelector('[data-highlighted]');
  for (let step = 0; step < 10 && !highlighted()?.textContent?.startsWith(label); step++) {
    const previous = highlighted();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(highlighted()).not.toBe(previous));
  }
  expect(highlighted()).toHaveTextContent(label);
  await user.keyboard('{Enter}');
}

/** The workspace a recorded request acted in, as the server reads it: the header, else the person's first. */
const actedIn = (call: RecordedCall) => call.headers[WORKSPACE_HEADER] ?? OWN;

/** The shell and the Clients page, each answering with the data of the workspace the request names. */
function workspaceApi(workspaces: WorkspaceSummary[], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    ...shellRoutes({ me: meResponse({ settings: { mode: 'agency' } }) }),
    'GET /workspaces': { body: { items: workspaces } },
    'GET /clients': (call) => ({ body: { items: CLIENTS[actedIn(call)] ?? [] } }),
    'GET /accounts': { body: { accounts: [] } },
    ...extra,
  });
}

describe('the workspace the app acts in', () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => vi.restoreAllMocks());

  it('sends the workspace chosen in this browser with every signed-in request, from the first one', async () => {
    window.localStorage.setItem(STORE_KEY, AGENCY);
    const api = workspaceApi([own, agency]);
    signedInAs();
    renderApp('/home/clients');

    expect(await screen.findByText('Agency Client')).toBeInTheDocument();
    expect(screen.queryByText('Studio Client')).not.toBeInTheDocument();
    const signedIn = api.calls.filter((call) => call.headers.Authorization);
    expect(signedIn.length).toBeGreaterThan(2);
    expect(signedIn.every((call) => call.headers[WORKSPACE_HEADER] === AGENCY)).toBe(true);
    expect(screen.getByTestId('workspace-switcher')).toHaveTextContent('Acme Agency');
  });

  it("defaults to the person's first workspace (the one with their id) and remembers it", async () => {
    const api = workspaceApi([agency, own]);
    signedInAs();
    renderApp('/home/clients');

    expect(await screen.findByText('Studio Client')).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem(STORE_KEY)).toBe(OWN));
    expect(screen.getByTestId('workspace-switcher')).toHaveTextContent('Alice Studio');
    expect(api.calls.every((call) => (call.headers[WORKSPACE_HEADER] ?? OWN) === OWN)).toBe(true);
  });

  it('falls back to the first listed workspace when the one chosen here is no longer theirs, and reloads in it', async () => {
    window.localStorage.setItem(STORE_KEY, '01JQ0000000000000000000GONE');
    workspaceApi([agency]);
    signedInAs();
    renderApp('/home/clients');

    expect(await screen.findByText('Agency Client')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORE_KEY)).toBe(AGENCY);
  });

  it('switching drops what the other workspace showed and opens Home in the chosen one', async () => {
    const api = workspaceApi([own, agency]);
    signedInAs();
    const { user, location } = renderApp('/home/clients');
    expect(await screen.findByText('Studio Client')).toBeInTheDocument();

    await user.click(screen.getByTestId('workspace-switcher'));
    const options = await screen.findAllByTestId('workspace-option');
    expect(options.map((o) => o.textContent)).toEqual(['Alice StudioOwner', 'Acme AgencyEditor']);
    expect(options[0]).toHaveAttribute('aria-current', 'true');
    await user.keyboard('{Escape}');
    const before = api.callsTo('GET', '/clients').length;
    await chooseFromSwitcher(user, 'Acme Agency');

    await waitFor(() => expect(location().pathname).toBe('/home'));
    expect(window.localStorage.getItem(STORE_KEY)).toBe(AGENCY);
    await waitFor(() => expect(screen.getByTestId('workspace-switcher')).toHaveTextContent('Acme Agency'));

    // The clients read a moment ago (still fresh in the cache) belonged to the other workspace.
    await user.click(within(screen.getByTestId('sidebar')).getByRole('link', { name: 'Clients' }));
    expect(await screen.findByText('Agency Client')).toBeInTheDocument();
    expect(screen.queryByText('Studio Client')).not.toBeInTheDocument();
    const after = api.callsTo('GET', '/clients').slice(before);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((call) => call.headers[WORKSPACE_HEADER] === AGENCY)).toBe(true);
  });

  it('creates a workspace from the switcher, showing the server refusal and creating nothing on bad input', async () => {
    let created: WorkspaceSummary | null = null;
    const NEW = '01JQ0000000000000000000NW1';
    const api = workspaceApi([own], {
      'GET /workspaces': () => ({ body: { items: created ? [own, created] : [own] } }),
      'POST /workspaces': (call) => {
        const { name } = call.body as { name: string };
        if (name.toLowerCase().includes('<')) return { status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'That name is not allowed.' } } };
        created = { id: NEW, name, role: 'owner' };
        return { status: 201, body: created };
      },
    });
    signedInAs();
    const { user, location } = renderApp('/home/clients');
    // One workspace: the name still shows.
    expect(await screen.findByTestId('workspace-switcher')).toHaveTextContent('Alice Studio');

    await chooseFromSwitcher(user, 'Create workspace');
    const dialog = await screen.findByRole('dialog', { name: 'Create workspace' });
    await user.click(within(dialog).getByRole('button', { name: 'Create workspace' }));
    expect(await within(dialog).findByText('Give the workspace a name.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/workspaces')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox'), '<b>');
    await user.click(within(dialog).getByRole('button', { name: 'Create workspace' }));
    expect(await within(dialog).findByText('That name is not allowed.')).toBeInTheDocument();
    expect(created).toBeNull();

    await user.clear(within(dialog).getByRole('textbox'));
    await user.type(within(dialog).getByRole('textbox'), 'Second Shop');
    await user.click(within(dialog).getByRole('button', { name: 'Create workspace' }));
    await waitFor(() => expect(screen.getByTestId('workspace-switcher')).toHaveTextContent('Second Shop'));
    expect(location().pathname).toBe('/home');
    expect(window.localStorage.getItem(STORE_KEY)).toBe(NEW);
  });

  it('shows Members only to an Admin or Owner, and Subscription only to the Owner', async () => {
    window.localStorage.setItem(STORE_KEY, AGENCY);
    workspaceApi([own, { ...agency, role: 'contributor' }]);
    signedInAs();
    renderApp('/home/platforms');
    await waitFor(() => expect(screen.getByTestId('workspace-switcher')).toHaveTextContent('Acme Agency'));
    const links = () =>
      within(screen.getByTestId('sidebar'))
        .getAllByRole('link')
        .map((l) => l.textContent);
    await waitFor(() => expect(links()).not.toContain('Subscription'));
    expect(links()).not.toContain('Members');
    // Connecting accounts is an Admin's job: a Contributor sees why instead of a Connect button.
    expect((await screen.findAllByTestId('connect-role-note'))[0]).toHaveTextContent('Only an Admin or Owner can do this.');
    expect(screen.queryByRole('button', { name: /^Connect / })).not.toBeInTheDocument();
  });

  it("shows a creator the agency's Clients in the agency's workspace, and not in their own", async () => {
    window.localStorage.setItem(STORE_KEY, AGENCY);
    workspaceApi([own, agency], { 'GET /me': { body: meResponse({ settings: { mode: 'creator' } }) } });
    signedInAs();
    const { user } = renderApp('/home/platforms');
    const sidebar = await screen.findByTestId('sidebar');
    expect(await within(sidebar).findByRole('link', { name: 'Clients' })).toHaveAttribute('href', '/home/clients');

    await chooseFromSwitcher(user, 'Alice Studio');
    await waitFor(() => expect(screen.getByTestId('workspace-switcher')).toHaveTextContent('Alice Studio'));
    await waitFor(() => expect(within(screen.getByTestId('sidebar')).queryByRole('link', { name: 'Clients' })).not.toBeInTheDocument());
  });

  it('shows Members, Subscription and Connect to the Owner', async () => {
    workspaceApi([own]);
    signedInAs();
    renderApp('/home/platforms');
    const sidebar = await screen.findByTestId('sidebar');
    expect(await within(sidebar).findByRole('link', { name: 'Members' })).toHaveAttribute('href', '/home/members');
    expect(within(sidebar).getByRole('link', { name: 'Subscription' })).toBeInTheDocument();
    expect((await screen.findAllByRole('button', { name: /^Connect / })).length).toBeGreaterThan(0);
  });
});

const member = (user_id: string, email: string, role: MembersResponse['members'][number]['role']) => ({
  user_id,
  email,
  role,
  joined_at: '2026-03-14T12:00:00.000Z',
});

function membersResponse(overrides: Partial<MembersResponse> = {}): MembersResponse {
  return {
    workspace: own,
    members: [member(OWN, ALICE.email, 'owner')],
    invites: [],
    seats: { used: 1, limit: 3 },
    ...overrides,
  };
}

async function openMembers(members: Parameters<typeof mockApi>[0][string], extra: Parameters<typeof mockApi>[0] = {}) {
  const api = workspaceApi([own], { 'GET /workspace/members': members, ...extra });
  signedInAs();
  const app = renderApp('/home/members');
  await screen.findByRole('heading', { level: 1, name: 'Members' });
  return { ...app, api };
}

describe('the Members page', () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => vi.restoreAllMocks());

  it('shows a spinner until the members arrive', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = workspaceApi([own], { 'GET /workspace/members': { body: membersResponse() } });
    const answer = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/workspace/members')) await gate;
      return answer(input, init);
    });
    signedInAs();
    renderApp('/home/members');
    expect(await screen.findByLabelText('Loading members')).toBeInTheDocument();
    release();
    expect(await screen.findByTestId('members-empty')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading members')).not.toBeInTheDocument();
  });

  it('says it is just you when nobody else is a member or invited', async () => {
    await openMembers({ body: membersResponse() });
    expect(await screen.findByTestId('members-empty')).toHaveTextContent('It is just you here so far.');
    expect(screen.getByTestId('seats')).toHaveTextContent('1 of 3 seats used');
  });

  it('lists members with role and joining date, the pending invitations and the seats', async () => {
    const BOB = '11111111-2222-3333-4444-555555555555';
    const INVITE = '01JQ0000000000000000000IN1';
    const { api, user } = await openMembers(
      {
        body: membersResponse({
          members: [member(OWN, ALICE.email, 'owner'), member(BOB, 'bob@example.com', 'editor')],
          invites: [
            { id: INVITE, email: 'carol@example.com', role: 'contributor', created_at: '2026-03-14T12:00:00.000Z', expires_at: '2026-03-21T12:00:00.000Z' },
          ],
          seats: { used: 3, limit: 3 },
        }),
      },
      {
        [`PATCH /workspace/members/${BOB}`]: (call) => ({ body: { ...member(BOB, 'bob@example.com', (call.body as { role: 'admin' }).role) } }),
        [`DELETE /workspace/invites/${INVITE}`]: { status: 204 },
      },
    );
    const rows = await screen.findAllByTestId('member-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('member-role')).toHaveTextContent('Owner');
    // The Owner's role is not for changing, nor is the Owner removable.
    expect(within(rows[0]!).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: /Remove|Leave/ })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('Joined Mar 14, 2026')).toBeInTheDocument();
    expect(screen.getByTestId('seats')).toHaveTextContent('3 of 3 seats used');
    expect(within(screen.getByTestId('invites-list')).getByText('carol@example.com')).toBeInTheDocument();
    expect(screen.queryByTestId('members-empty')).not.toBeInTheDocument();

    await user.selectOptions(within(rows[1]!).getByRole('combobox', { name: 'Role of bob@example.com' }), 'admin');
    await waitFor(() => expect(api.callsTo('PATCH', `/workspace/members/${BOB}`)).toHaveLength(1));
    expect(api.callsTo('PATCH', `/workspace/members/${BOB}`)[0]!.body).toEqual({ role: 'admin' });

    await user.click(screen.getByRole('button', { name: 'Revoke the invitation of carol@example.com' }));
    await waitFor(() => expect(api.callsTo('DELETE', `/workspace/invites/${INVITE}`)).toHaveLength(1));
  });

  it('removes a member only after the confirmation', async () => {
    const BOB = '11111111-2222-3333-4444-555555555555';
    const { api, user } = await openMembers(
      { body: membersResponse({ members: [member(OWN, ALICE.email, 'owner'), member(BOB, 'bob@example.com', 'editor')] }) },
      { [`DELETE /workspace/members/${BOB}`]: { status: 204 } },
    );
    await user.click(await screen.findByRole('button', { name: 'Remove bob@example.com' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove bob@example.com?' });
    expect(api.callsTo('DELETE', `/workspace/members/${BOB}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('DELETE', `/workspace/members/${BOB}`)).toHaveLength(1));
  });

  it('leaves the workspace from the own row through the leave route, never the removal of a member', async () => {
    const { api, user } = await openMembers(
      { body: membersResponse({ members: [member('99999999-2222-3333-4444-555555555555', 'owner@example.com', 'owner'), member(OWN, ALICE.email, 'admin')] }) },
      { 'POST /workspace/leave': { status: 204 } },
    );
    await user.click(await screen.findByRole('button', { name: 'Leave this workspace' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(api.callsTo('POST', '/workspace/leave')).toHaveLength(1));
    expect(api.callsTo('DELETE', `/workspace/members/${OWN}`)).toHaveLength(0);
  });

  it('transfers the ownership to a member only after the confirmation, and offers it only to the Owner', async () => {
    const BOB = '11111111-2222-3333-4444-555555555555';
    const { api, user } = await openMembers(
      { body: membersResponse({ members: [member(OWN, ALICE.email, 'owner'), member(BOB, 'bob@example.com', 'editor')] }) },
      { 'POST /workspace/transfer-ownership': { body: member(BOB, 'bob@example.com', 'owner') } },
    );
    const rows = await screen.findAllByTestId('member-row');
    expect(within(rows[0]!).queryByRole('button', { name: /Transfer ownership/ })).not.toBeInTheDocument();
    await user.click(within(rows[1]!).getByRole('button', { name: 'Transfer ownership to bob@example.com' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make bob@example.com the Owner of Alice Studio?' });
    expect(dialog).toHaveTextContent('You become an Admin');
    expect(api.callsTo('POST', '/workspace/transfer-ownership')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Transfer ownership' }));
    await waitFor(() => expect(api.callsTo('POST', '/workspace/transfer-ownership')).toHaveLength(1));
    expect(api.callsTo('POST', '/workspace/transfer-ownership')[0]!.body).toEqual({ user_id: BOB });
    expect(await screen.findByText('bob@example.com is now the Owner')).toBeInTheDocument();
  });

  it('shows an Admin no transfer and no deletion', async () => {
    const BOB = '11111111-2222-3333-4444-555555555555';
    await openMembers({
      body: membersResponse({
        workspace: { ...own, role: 'admin' },
        members: [
          member('99999999-2222-3333-4444-555555555555', 'owner@example.com', 'owner'),
          member(OWN, ALICE.email, 'admin'),
          member(BOB, 'bob@example.com', 'editor'),
        ],
      }),
    });
    await screen.findAllByTestId('member-row');
    expect(screen.queryByRole('button', { name: /Transfer ownership/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete workspace' })).not.toBeInTheDocument();
  });

  it("keeps the Owner's first workspace: it says the account takes it, with no delete button", async () => {
    await openMembers({ body: membersResponse() });
    expect(await screen.findByTestId('first-workspace-note')).toHaveTextContent('To remove it, delete your account in Settings.');
    expect(screen.queryByRole('button', { name: 'Delete workspace' })).not.toBeInTheDocument();
  });

  it('deletes a workspace only once its name is typed, then switches to another one', async () => {
    window.localStorage.setItem(STORE_KEY, AGENCY);
    const owned = { ...agency, role: 'owner' as const };
    let deleted = false;
    const api = workspaceApi([own, owned], {
      'GET /workspaces': () => ({ body: { items: deleted ? [own] : [own, owned] } }),
      'GET /workspace/members': { body: membersResponse({ workspace: owned }) },
      'DELETE /workspace': () => {
        deleted = true;
        return { status: 204 };
      },
    });
    signedInAs();
    const { user, location } = renderApp('/home/members');
    await user.click(await screen.findByRole('button', { name: 'Delete workspace' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Acme Agency?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete workspace' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type Acme Agency to confirm'), 'Acme agency');
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Type Acme Agency to confirm'));
    await user.type(within(dialog).getByLabelText('Type Acme Agency to confirm'), 'Acme Agency');
    await user.click(confirm);

    await waitFor(() => expect(api.callsTo('DELETE', '/workspace')).toHaveLength(1));
    expect(api.callsTo('DELETE', '/workspace')[0]!.body).toEqual({ confirm_name: 'Acme Agency' });
    expect(api.callsTo('DELETE', '/workspace')[0]!.headers[WORKSPACE_HEADER]).toBe(AGENCY);
    expect(await screen.findByText('Acme Agency was deleted')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/home'));
    await waitFor(() => expect(window.localStorage.getItem(STORE_KEY)).toBe(OWN));
  });

  it('offers another try when the members could not be read', async () => {
    await openMembers({ status: 500, body: { error: { code: 'INTERNAL', message: 'Internal error' } } });
    expect(await screen.findByText("Couldn't load the members")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("says why when the server refuses the caller's role", async () => {
    await openMembers({ status: 403, body: { error: { code: 'ROLE_TOO_LOW', message: 'Only an Admin or Owner can do this.' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Only an Admin or Owner can do this.');
  });

  it("shows the server's reason when an invitation is refused, and the confirmation when it is sent", async () => {
    let seatsLeft = false;
    const { api, user } = await openMembers(
      { body: membersResponse() },
      {
        'POST /workspace/invites': (call) => {
          if (!seatsLeft) return { status: 403, body: { error: { code: 'PLAN_LIMIT_REACHED', message: INVITE_MSG.seatsFull(1) } } };
          const { email, role } = call.body as { email: string; role: 'editor' };
          return {
            status: 201,
            body: { id: '01JQ0000000000000000000IN2', email, role, created_at: '2026-03-14T12:00:00.000Z', expires_at: '2026-03-21T12:00:00.000Z' },
          };
        },
      },
    );
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'Dan@Example.com');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Role' }), 'contributor');
    expect(within(form).getByTestId('role-description')).toHaveTextContent('Drafts only');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByTestId('invite-outcome')).toHaveTextContent(INVITE_MSG.seatsFull(1));
    expect(api.callsTo('POST', '/workspace/invites')[0]!.body).toEqual({ email: 'dan@example.com', role: 'contributor' });

    seatsLeft = true;
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(within(form).getByTestId('invite-outcome')).toHaveTextContent(INVITE_MSG.sent('dan@example.com')));
  });
});

describe('the invitation page', () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => vi.restoreAllMocks());

  const preview = { workspace_name: 'Acme Agency', email: ALICE.email, role: 'editor', expires_at: '2026-03-21T12:00:00.000Z' };

  it('shows a signed-out visitor the invitation and brings them back to it after signing in', async () => {
    const api = workspaceApi([own], { 'GET /invites/preview': { body: preview } });
    signedOut();
    signInSucceedsAs();
    const { user, location } = renderApp(`/invite?token=${TOKEN}`);

    expect(await screen.findByTestId('invite-summary')).toHaveTextContent(`Acme Agency invited ${ALICE.email} to join as Editor.`);
    expect(api.callsTo('GET', '/invites/preview')[0]!.query).toEqual({ token: TOKEN });
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/auth?mode=signup&email=${encodeURIComponent(ALICE.email)}&invite=${TOKEN}`,
    );
    await user.click(screen.getByRole('link', { name: 'Sign in to accept' }));
    await waitFor(() => expect(location().pathname).toBe('/auth'));

    await user.type(await screen.findByLabelText('Password'), 'secret123');
    await user.click(screen.getByTestId('auth-submit'));
    await waitFor(() => expect(location().pathname).toBe('/invite'));
    expect(location().search).toBe(`?token=${TOKEN}`);
    expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeInTheDocument();
  });

  it('accepts for a signed-in person, switches to that workspace and opens Home', async () => {
    let joined = false;
    const api = workspaceApi([own], {
      'GET /invites/preview': { body: preview },
      'GET /workspaces': () => ({ body: { items: joined ? [own, agency] : [own] } }),
      'POST /invites/accept': () => {
        joined = true;
        return { body: { workspace: agency } };
      },
    });
    signedInAs();
    const { user, location } = renderApp(`/invite?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));

    expect(await screen.findByText('You joined Acme Agency')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/home'));
    expect(api.callsTo('POST', '/invites/accept')[0]!.body).toEqual({ token: TOKEN });
    await waitFor(() => expect(screen.getByTestId('workspace-switcher')).toHaveTextContent('Acme Agency'));
    expect(window.localStorage.getItem(STORE_KEY)).toBe(AGENCY);
  });

  it('says plainly why an invitation cannot be accepted, with a way back', async () => {
    workspaceApi([own], {
      'GET /invites/preview': { body: preview },
      'POST /invites/accept': { status: 403, body: { error: { code: 'FORBIDDEN', message: INVITE_MSG.otherEmail } } },
    });
    signedInAs();
    const { user, location } = renderApp(`/invite?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    const problem = await screen.findByTestId('accept-error');
    expect(problem).toHaveTextContent(INVITE_MSG.otherEmail);
    expect(location().pathname).toBe('/invite');
    expect(within(problem).getByRole('link', { name: 'Go to your workspace' })).toHaveAttribute('href', '/home');
  });

  it('tells someone signed in with another address whom the invitation is for, and signs them out to continue', async () => {
    const api = workspaceApi([own], { 'GET /invites/preview': { body: { ...preview, email: 'bob@example.com' } } });
    signedInAs();
    const { user, location } = renderApp(`/invite?token=${TOKEN}`);
    const notice = await screen.findByTestId('invite-other-account');
    expect(notice).toHaveTextContent(`This invitation is for bob@example.com. You are signed in as ${ALICE.email}.`);
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();

    await user.click(within(notice).getByRole('button', { name: 'Sign out and continue' }));
    await waitFor(() => expect(location().pathname).toBe('/auth'));
    expect(new URLSearchParams(location().search).get('email')).toBe('bob@example.com');
    expect(new URLSearchParams(location().search).get('invite')).toBe(TOKEN);
    expect(api.callsTo('POST', '/invites/accept')).toHaveLength(0);
  });

  it('shows the reason a link no longer works (expired) instead of the invitation', async () => {
    workspaceApi([own], { 'GET /invites/preview': { status: 410, body: { error: { code: 'GONE', message: INVITE_MSG.expired } } } });
    signedOut();
    renderApp(`/invite?token=${TOKEN}`);
    expect(await screen.findByTestId('invite-problem')).toHaveTextContent(INVITE_MSG.expired);
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
