import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authModule, resetAmplifyMocks } from './helpers/amplify-mocks';
import { mockApi } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

// Each test file has its own module state: here the runtime config starts unloaded, as in the browser.
describe('starting the app', () => {
  beforeEach(() => resetAmplifyMocks());

  it('shows the landing to a visitor without a session even when /config.json fails, without Amplify', async () => {
    const api = mockApi({ 'GET /config.json': { status: 404 } });
    renderApp('/', { config: null, strict: true });
    expect(await screen.findByTestId('plan-free')).toBeInTheDocument();
    // The landing only asks /config.json whether Pro is sold; failing that, Pro stays "Coming Soon".
    // (Twice under StrictMode, whose effects run twice in development.)
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    expect(new Set(api.calls.map((c) => c.path))).toEqual(new Set(['/config.json']));
    expect(screen.getByTestId('plan-pro')).toHaveTextContent('Coming Soon');
    expect(authModule.fetchAuthSession).not.toHaveBeenCalled();
  });

  it('says "We couldn\'t start the app" on any other page when /config.json cannot be loaded', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = mockApi({ 'GET /config.json': { status: 404 } });
    renderApp('/about-us', { config: null, strict: true });
    expect(await screen.findByRole('heading', { name: "We couldn't start the app" })).toBeInTheDocument();
    expect(screen.getByText('/config.json answered 404')).toBeInTheDocument();
    expect(api.callsTo('GET', '/config.json')).toHaveLength(1);
    spy.mockRestore();
  });
});
