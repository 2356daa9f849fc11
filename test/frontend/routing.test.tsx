import { MSG } from '@shared/messages';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authModule, resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { mockApi, shellRoutes } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

describe('routing and guards', () => {
  beforeEach(() => resetAmplifyMocks());

  it('sends a signed-out visitor of /home to the landing page', async () => {
    const { location } = renderApp('/home/posts');
    expect(await screen.findByTestId('plan-free')).toBeInTheDocument();
    expect(location().pathname).toBe('/');
  });

  it('sends a signed-in user from / to /home', async () => {
    mockApi(shellRoutes());
    signedInAs();
    const { location } = renderApp('/');
    expect(await screen.findByTestId('greeting')).toBeInTheDocument();
    expect(location().pathname).toBe('/home');
  });

  it('sends a signed-in user from /auth to /home', async () => {
    mockApi(shellRoutes());
    signedInAs();
    const { location } = renderApp('/auth');
    await screen.findByTestId('greeting');
    expect(location().pathname).toBe('/home');
  });

  it('shows a full-page loading screen while the session is being read', async () => {
    signedInAs();
    authModule.fetchAuthSession.mockReturnValue(new Promise(() => {}));
    const { router } = renderApp('/home');
    await waitFor(() => expect(router.state.initialized).toBe(true));
    expect(screen.getByTestId('full-page-loader')).toHaveTextContent('Loading...');
    expect(screen.queryByTestId('greeting')).not.toBeInTheDocument();
    expect(screen.queryByTestId('plan-free')).not.toBeInTheDocument();
  });

  it('treats a stored but unusable session as signed out', async () => {
    signedInAs();
    authModule.fetchAuthSession.mockRejectedValue(new Error('Refresh Token has expired'));
    const { location } = renderApp('/home');
    await screen.findByTestId('plan-free');
    expect(location().pathname).toBe('/');
  });

  it('shows "Oops! Page not found" with a link home for an unknown path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('shows "Unexpected Application Error!" when a page throws while rendering', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('Kaboom');
    }
    renderApp('/broken', { extraRoutes: [{ path: 'broken', Component: Broken }] });
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Kaboom')).toBeInTheDocument();
    spy.mockRestore();
  });

  it('signs out from the avatar menu and lands on /auth', async () => {
    mockApi(shellRoutes());
    signedInAs();
    const { user, location } = renderApp('/home');
    await screen.findByTestId('greeting');
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await screen.findByRole('menuitem', { name: 'Logout' });
    // jsdom cannot drive Zag's pointer highlighting; the keyboard path selects the same item, once the
    // menu has taken focus (on a busy machine the keys could otherwise arrive before it has).
    await waitFor(() => expect(screen.getByRole('menu')).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveAttribute('data-highlighted'));
    await user.keyboard('{Enter}');
    // /auth is a lazy route: its chunk can take a few seconds to load on a busy 2-core machine.
    expect(await screen.findByTestId('sign-in-form', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(authModule.signOut).toHaveBeenCalled();
    await waitFor(() => expect(location().pathname).toBe('/auth'));
  });

  it.each([
    ['/about-us', 'About Us'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
    ['/contact-us', 'Contact Us'],
  ])('serves %s to anyone', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to home/ })).toHaveAttribute('href', '/');
  });

  it.each(['compose', 'schedule', 'posts', 'clients', 'settings', 'subscription'])('gives /home/%s a page of its own instead of a 404', async (section) => {
    mockApi(shellRoutes());
    signedInAs();
    renderApp(`/home/${section}`);
    const title = section.charAt(0).toUpperCase() + section.slice(1);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.queryByText(MSG.pageNotFound)).not.toBeInTheDocument();
  });
});
