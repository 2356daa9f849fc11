import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../functions/domain/openapi';
import { PUBLIC_ROUTES } from '../../functions/public-routes';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { mockApi, shellRoutes } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

/** /home/api-reference renders the document the backend serves (here the real one, built from the route table). */
describe('the API reference page', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetAmplifyMocks();
    signedInAs();
  });

  it('lists every operation of the document under its tag, with parameters and folded schemas', async () => {
    mockApi({ ...shellRoutes(), 'GET /v1/openapi.json': { body: structuredClone(openApiDocument()) } });
    renderApp('/home/api-reference');

    const posts = await screen.findByRole('region', { name: 'posts' });
    expect(screen.getByRole('heading', { level: 1, name: 'API reference' })).toBeInTheDocument();
    const shown = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(shown.sort()).toEqual([...PUBLIC_ROUTES.map((r) => r.path)].sort());

    const list = within(posts)
      .getAllByRole('article')
      .find((card) => card.id === 'getPosts')!;
    const table = within(list).getByRole('table', { name: 'Parameters' });
    expect(within(table).getByRole('cell', { name: 'tab' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'scheduled | approval | posted | drafts | failed' })).toBeInTheDocument();
    expect(within(list).getByText('200 body (JSON)')).toBeInTheDocument();
    expect(within(list).getByText('429')).toBeInTheDocument();
  });

  it("shows the descriptions' code spans as code, without their backticks", async () => {
    mockApi({ ...shellRoutes(), 'GET /v1/openapi.json': { body: structuredClone(openApiDocument()) } });
    renderApp('/home/api-reference');

    const accounts = await screen.findByRole('article', { name: 'GET /v1/accounts' });
    const code = within(accounts).getByText('GET /api/accounts');
    expect(code.tagName).toBe('CODE');
    expect(accounts).not.toHaveTextContent('`');
  });

  it('says so when the document cannot be loaded', async () => {
    mockApi({ ...shellRoutes(), 'GET /v1/openapi.json': { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'down' } } } });
    renderApp('/home/api-reference');
    expect(await screen.findByText('The API reference could not be loaded (503).')).toBeInTheDocument();
  });

  it('is linked from Settings → API keys', async () => {
    mockApi({
      ...shellRoutes(),
      'GET /workspaces': { body: { items: [{ id: 'user-alice', name: 'Team', role: 'admin' }] } },
      'GET /workspace/api-keys': { body: { items: [] } },
    });
    renderApp('/home/settings?tab=api-keys');
    expect(await screen.findByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/home/api-reference');
  });
});
