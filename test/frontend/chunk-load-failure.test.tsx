import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAmplifyMocks } from './helpers/amplify-mocks';
import { renderApp } from './helpers/render-app';

// As in a browser that went offline, or that still runs the previous deploy whose files are gone.
vi.mock('@/app/routes/ui-layout', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});
vi.mock('@/app/routes/error', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('when the code of a page cannot be downloaded', () => {
  beforeEach(() => resetAmplifyMocks());

  it('says "Unexpected Application Error!" in plain styles and offers a reload', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/about-us');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText(/Part of the app could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    spy.mockRestore();
  });

  it('still shows the landing, which needs neither', async () => {
    renderApp('/');
    expect(await screen.findByTestId('plan-free')).toBeInTheDocument();
  });
});
