import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetAmplifyMocks } from './helpers/amplify-mocks';
import { mockApi } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

describe('the landing page', () => {
  beforeEach(() => resetAmplifyMocks());

  it('shows the product name and a Sign In button that leads to /auth', async () => {
    renderApp('/');
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Schedule & Autopost')).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  });

  it('shows the three plans with their monthly prices', async () => {
    renderApp('/');
    const free = await screen.findByTestId('plan-free');
    const basic = screen.getByTestId('plan-basic');
    const pro = screen.getByTestId('plan-pro');
    expect(within(free).getByText('Free')).toBeInTheDocument();
    expect(within(free).getByText('$0')).toBeInTheDocument();
    expect(within(basic).getByText('Basic')).toBeInTheDocument();
    expect(within(basic).getByText('$4.99')).toBeInTheDocument();
    expect(within(pro).getByText('Pro')).toBeInTheDocument();
    expect(within(pro).getByText('$19.99')).toBeInTheDocument();
  });

  it('sends Free to sign-in, offers a paid plan for checkout, and disables the coming-soon plan', async () => {
    renderApp('/');
    const free = await screen.findByTestId('plan-free');
    expect(within(free).getByRole('link')).toHaveAttribute('href', '/auth');
    expect(within(screen.getByTestId('plan-basic')).getByRole('button', { name: 'Get Basic' })).toBeEnabled();
    expect(within(screen.getByTestId('plan-pro')).getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
  });

  it('sells Pro when the deployment turns its "Coming Soon" off in /config.json', async () => {
    mockApi({ 'GET /config.json': { body: { proComingSoon: false } } });
    renderApp('/');
    const pro = await screen.findByTestId('plan-pro');
    await waitFor(() => expect(within(pro).getByRole('button', { name: 'Get Pro' })).toBeEnabled());
    expect(within(pro).queryByText('Coming soon')).not.toBeInTheDocument();
  });

  it('offers a sign-in link for existing users and the three feature tiles', async () => {
    renderApp('/');
    const prompt = await screen.findByText(/Already have an account\?/);
    expect(within(prompt).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    for (const title of ['Smart Scheduling', 'Instant Publishing', 'Analytics']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
  });

  it('links the footer to About Us, Privacy Policy, Terms of Service and Contact Us', async () => {
    renderApp('/');
    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about-us');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(within(footer).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    expect(within(footer).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact-us');
  });

  it('starts dark, switches to light with the theme toggle and keeps the choice on the next page', async () => {
    document.documentElement.className = 'dark'; // what index.html does before first paint
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Toggle theme' }));
    expect(document.documentElement).toHaveClass('light');
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('light');

    await user.click(within(screen.getByRole('navigation', { name: 'Footer' })).getByRole('link', { name: 'About Us' }));
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    expect(document.documentElement).toHaveClass('light');
    await user.click(screen.getByRole('button', { name: 'Toggle theme' }));
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(window.localStorage.getItem('theme')).toBe('dark');
  });

  it('does not load Amplify for a visitor who has never signed in', async () => {
    renderApp('/');
    await screen.findByTestId('plan-free');
    expect((await import('./helpers/amplify-mocks')).authModule.fetchAuthSession).not.toHaveBeenCalled();
  });
});
