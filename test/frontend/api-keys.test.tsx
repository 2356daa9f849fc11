import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API_KEY_MSG, type ApiKeyView } from '@shared/api-keys';
import type { WorkspaceSummary } from '@shared/workspaces';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { mockApi, shellRoutes } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

const KEY_ID = '01JQ0000000000000000000KY1';
const OWNER_KEY_ID = '01JQ0000000000000000000KY2';
const SECRET = `sap_live_${'k'.repeat(39)}AbCd`;
const workspace = (role: WorkspaceSummary['role']): WorkspaceSummary => ({ id: 'user-alice', name: 'Bakery team', role });
const ownerKey: ApiKeyView = {
  id: OWNER_KEY_ID,
  name: 'Billing sync',
  role: 'owner',
  masked: 'sap_live_…Wxyz',
  created_at: '2026-03-01T12:00:00.000Z',
  created_by: 'owner@example.com',
  last_used_at: '2026-03-10T12:00:00.000Z',
  expires_at: null,
};

function settingsWithKeys(role: WorkspaceSummary['role'], existing: ApiKeyView[] = []) {
  let keys = [...existing];
  return mockApi({
    ...shellRoutes(),
    'GET /workspaces': { body: { items: [workspace(role)] } },
    'GET /workspace/api-keys': () => ({ body: { items: keys } }),
    'POST /workspace/api-keys': (call) => {
      const body = call.body as { name: string; role: ApiKeyView['role']; expires_at: string | null };
      const view: ApiKeyView = {
        id: KEY_ID,
        name: body.name,
        role: body.role,
        masked: 'sap_live_…AbCd',
        created_at: '2026-03-14T12:00:00.000Z',
        created_by: null,
        last_used_at: null,
        expires_at: body.expires_at,
      };
      keys = [view, ...keys];
      return { status: 201, body: { ...view, key: SECRET } };
    },
    [`DELETE /workspace/api-keys/${KEY_ID}`]: () => {
      keys = keys.filter((k) => k.id !== KEY_ID);
      return { status: 204 };
    },
  });
}

describe('Settings → API keys', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetAmplifyMocks();
    signedInAs();
  });

  it('shows a new key once, with a copy button, lists it masked, and revokes it', async () => {
    const api = settingsWithKeys('admin', [ownerKey]);
    const { user } = renderApp('/home/settings?tab=api-keys');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });

    await user.type(await screen.findByLabelText('Name'), 'Zapier');
    await user.selectOptions(screen.getByLabelText('Role'), 'contributor');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByLabelText('API key Zapier')).toHaveValue(SECRET);
    expect(screen.getByText(API_KEY_MSG.shownOnce)).toBeInTheDocument();
    expect(api.callsTo('POST', '/workspace/api-keys')[0]!.body).toEqual({ name: 'Zapier', role: 'contributor', expires_at: null });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    const list = await screen.findByRole('list', { name: 'API keys' });
    const row = await within(list).findByRole('listitem', { name: 'Zapier' });
    expect(row).toHaveTextContent('sap_live_…AbCd');
    expect(row).toHaveTextContent('Never used');
    expect(list).not.toHaveTextContent(SECRET);
    // An Admin may not revoke an Owner's key: no button for it.
    expect(within(list).queryByRole('button', { name: 'Revoke Billing sync' })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Revoke Zapier' }));
    await waitFor(() => expect(api.callsTo('DELETE', `/workspace/api-keys/${KEY_ID}`)).toHaveLength(1));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'API keys' })).queryByRole('listitem', { name: 'Zapier' })).not.toBeInTheDocument());
  });

  it('offers an Admin no role above Admin', async () => {
    settingsWithKeys('admin');
    renderApp('/home/settings?tab=api-keys');

    const options = within(await screen.findByLabelText('Role'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Admin', 'Editor', 'Contributor']);
  });

  it('says the settings are loading until the role is known, then opens the API keys tab a link names', async () => {
    const api = settingsWithKeys('admin');
    let release!: () => void;
    const roleKnown = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (new URL(String(input), 'http://localhost').pathname === '/api/workspaces') await roleKnown;
      return api.fetchMock(input, init);
    });
    renderApp('/home/settings?tab=api-keys');

    expect(await screen.findByLabelText('Loading settings')).toBeInTheDocument();
    expect(screen.queryByRole('tabpanel')).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('tab', { name: 'API keys', selected: true })).toBeInTheDocument();
    expect(await screen.findByLabelText('Role')).toBeInTheDocument();
  });

  it('shows an Editor who follows a link to the API keys tab their Profile instead', async () => {
    settingsWithKeys('editor');
    renderApp('/home/settings?tab=api-keys');

    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'API keys' })).not.toBeInTheDocument();
  });

  it('has no API keys tab for an Editor', async () => {
    settingsWithKeys('editor');
    renderApp('/home/settings');

    await screen.findByRole('tab', { name: 'Profile' });
    await waitFor(() => expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Profile', 'Notifications', 'Preferences', 'Advanced']));
    expect(screen.queryByRole('tab', { name: 'API keys' })).not.toBeInTheDocument();
  });
});
