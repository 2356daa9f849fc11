import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { meResponse, mockApi, shellRoutes } from './helpers/api-mock';
import { hover } from './helpers/hover';
import { renderApp } from './helpers/render-app';

async function renderShell(mode: 'creator' | 'agency' = 'creator') {
  const api = mockApi(shellRoutes({ me: meResponse({ settings: { mode } }) }));
  signedInAs();
  const app = renderApp('/home');
  await screen.findByTestId('greeting');
  return { ...app, api };
}

function sidebarLinks() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('the app shell', () => {
  beforeEach(() => resetAmplifyMocks());

  it('lists Home, Compose, Schedule, Posts, Analytics, Platforms, Settings and Subscription for a creator', async () => {
    await renderShell('creator');
    await waitFor(() =>
      expect(sidebarLinks()).toEqual(['Home', 'Compose', 'Schedule', 'Queue', 'Posts', 'Import', 'Analytics', 'Platforms', 'Settings', 'Subscription']),
    );
  });

  it('adds Clients for a user in agency mode', async () => {
    await renderShell('agency');
    await waitFor(() =>
      expect(sidebarLinks()).toEqual([
        'Home',
        'Compose',
        'Schedule',
        'Queue',
        'Posts',
        'Import',
        'Analytics',
        'Platforms',
        'Clients',
        'Settings',
        'Subscription',
      ]),
    );
    expect(screen.getByRole('link', { name: 'Clients' })).toHaveAttribute('href', '/home/clients');
  });

  it('collapses the sidebar to icons with the toggle and remembers it in the sidebar_state cookie', async () => {
    const { user } = await renderShell();
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(document.cookie).toContain('sidebar_state=false');
    // Collapsed entries keep their names for assistive technology.
    expect(within(sidebar).getByRole('link', { name: 'Compose' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it('starts collapsed when the cookie says so', async () => {
    document.cookie = 'sidebar_state=false; path=/';
    await renderShell();
    expect(screen.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
  });

  it('toggles the sidebar with Ctrl+B and with Cmd+B', async () => {
    const { user } = await renderShell();
    const sidebar = screen.getByTestId('sidebar');
    await user.keyboard('{Control>}b{/Control}');
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await user.keyboard('{Meta>}b{/Meta}');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
  });

  it('refreshes the data and toasts "Data refreshed" from the refresh button', async () => {
    const { user, api } = await renderShell();
    const before = api.callsTo('GET', '/me').length;
    await user.click(screen.getByRole('button', { name: 'Refresh data' }));
    expect(await screen.findByText('Data refreshed')).toBeInTheDocument();
    expect(api.callsTo('GET', '/me').length).toBeGreaterThan(before);
  });

  it("shows toasts at the top right, under the top bar, away from the forms' submit buttons at the bottom", async () => {
    const { user } = await renderShell();
    await user.click(screen.getByRole('button', { name: 'Refresh data' }));
    const toast = await screen.findByText('Data refreshed');
    const group = toast.closest('[data-scope="toast"][data-part="group"]') as HTMLElement;
    expect(group).toHaveAttribute('data-placement', 'top-end');
    // Below the 3.5rem (h="14") sticky top bar, so the bell and the avatar menu stay reachable.
    expect(group.style.getPropertyValue('--viewport-offset-top')).toBe('4.5rem');
  });

  it('explains the refresh button with the tooltip "Refresh data (R)"', async () => {
    const { user } = await renderShell();
    await hover(user, () => screen.getByRole('button', { name: 'Refresh data' }));
    expect(await screen.findByText('Refresh data (R)')).toBeInTheDocument();
  });

  it('refreshes when r is pressed outside a text field', async () => {
    const { user, api } = await renderShell();
    const before = api.callsTo('GET', '/me').length;
    await user.keyboard('r');
    expect(await screen.findByText('Data refreshed')).toBeInTheDocument();
    expect(api.callsTo('GET', '/me').length).toBeGreaterThan(before);
  });

  it('does not refresh when r is typed into an input', async () => {
    const { user, api } = await renderShell();
    const input = document.createElement('input');
    document.body.appendChild(input);
    const before = api.callsTo('GET', '/me').length;
    await user.type(input, 'r');
    // Then an r outside the field: its refresh is the only one. Had the r typed into the field
    // refreshed too, its toast would show beside this one (each refresh says so once).
    input.blur();
    await user.keyboard('r');
    expect(await screen.findByText('Data refreshed')).toBeInTheDocument();
    expect(screen.getAllByText('Data refreshed')).toHaveLength(1);
    expect(api.callsTo('GET', '/me').length).toBeGreaterThan(before);
    input.remove();
  });

  it('flips the theme between dark and light on <html> and in localStorage "theme"', async () => {
    const { user } = await renderShell();
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    await user.click(screen.getByRole('button', { name: 'Toggle theme' }));
    await waitFor(() => expect(document.documentElement).toHaveClass('light'));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('light');
    await user.click(screen.getByRole('button', { name: 'Toggle theme' }));
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(window.localStorage.getItem('theme')).toBe('dark');
  });

  it('shows the first letter of the e-mail on the avatar and the e-mail and Logout in its menu', async () => {
    const { user } = await renderShell();
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    expect(within(trigger).getByText('A')).toBeInTheDocument();
    await user.click(trigger);
    const email = await screen.findByRole('menuitem', { name: 'alice@example.com' });
    expect(email).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('titles the top bar with the name of the page the user is on', async () => {
    const { user } = await renderShell('agency');
    const topBarTitle = () => within(screen.getAllByRole('banner')[0]!).getByTestId('page-title');
    expect(topBarTitle()).toHaveTextContent('Dashboard');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const [link, title] of [
      ['Compose', 'Compose'],
      ['Schedule', 'Schedule'],
      ['Posts', 'Posts'],
      ['Analytics', 'Analytics'],
      ['Platforms', 'Platforms'],
      ['Clients', 'Clients'],
      ['Settings', 'Settings'],
      ['Subscription', 'Subscription'],
      ['Home', 'Dashboard'],
    ] as const) {
      await user.click(within(nav).getByRole('link', { name: link }));
      await waitFor(() => expect(topBarTitle()).toHaveTextContent(title));
    }
  });
});
