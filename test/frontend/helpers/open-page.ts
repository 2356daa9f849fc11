import { screen } from '@testing-library/react';
import { signedInAs } from './amplify-mocks';
import { mockApi } from './api-mock';
import { renderApp } from './render-app';

/** Signs in, renders `path` with the API answering `routes`, and waits for the page's title (and for `readyTestId` when given). */
export async function openSignedIn(path: string, title: string | RegExp, routes: Parameters<typeof mockApi>[0], readyTestId?: string) {
  const api = mockApi(routes);
  signedInAs();
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: title });
  if (readyTestId) await screen.findByTestId(readyTestId);
  return { ...app, api };
}
