import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import type { RuntimeConfig } from '@shared/api';
import { AppProvider } from '@/app/provider';
import { createRoutes } from '@/app/router';
import { setRuntimeConfig } from '@/config/runtime-config';
import { TEST_CLIENT_ID } from './amplify-mocks';

export const TEST_CONFIG: RuntimeConfig = {
  region: 'us-east-1',
  userPoolId: 'us-east-1_test',
  userPoolClientId: TEST_CLIENT_ID,
  authFlow: 'USER_SRP_AUTH',
  apiBasePath: '/api',
  googleSignIn: false,
  proComingSoon: true,
  youtubeUnverified: true,
  tiktokUnaudited: true,
  tiktokPhotos: false,
};

interface RenderAppOptions {
  /** Overrides of TEST_CONFIG; null leaves the config unloaded, as at start-up, so the app fetches /config.json. */
  config?: Partial<RuntimeConfig> | null;
  /** Extra children of the root route, e.g. a route that throws. */
  extraRoutes?: RouteObject[];
  /**
   * Render inside StrictMode, as main.tsx does in development: every component renders twice and every
   * effect runs, is cleaned up and runs again, so a page whose effects do not clean up (a fetch not
   * aborted, a subscription kept) shows it. Production renders once, and StrictMode's second render made
   * every test about a sixth slower, so the files that test start-up and effect clean-up ask for it.
   */
  strict?: boolean;
}

/** The routers of the apps rendered in the current test (cleared by setup.ts after each). */
const routers = new Set<ReturnType<typeof createMemoryRouter>>();

/**
 * Resolves once every rendered app's router has loaded the code of the route it opened on: the route
 * modules are lazy, and on a busy machine their first import (transform and evaluation) can take
 * seconds. setup.ts waits for this before each findBy/waitFor starts its clock, so those
 * timeouts measure the page, not the compiler. Only the first load: waiting for every later
 * navigation to settle as well held a waitFor back while the app was redirecting, so it asserted on
 * where the app was on its way, not where it arrived.
 */
export function appCodeLoaded(): Promise<void> {
  const pending = [...routers].map(
    (router) =>
      new Promise<void>((resolve) => {
        const loaded = () => router.state.initialized;
        if (loaded()) return resolve();
        const stop = router.subscribe(() => {
          if (!loaded()) return;
          stop();
          resolve();
        });
      }),
  );
  return Promise.all(pending).then(() => undefined);
}

export function forgetRenderedApps(): void {
  routers.clear();
}

/** The whole app (providers + the real route table) at `path`, in a memory router. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  if (options.config !== null) setRuntimeConfig({ ...TEST_CONFIG, ...options.config });
  const routes = createRoutes();
  if (options.extraRoutes) routes[0]!.children!.unshift(...options.extraRoutes);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  routers.add(router);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  const user = userEvent.setup({ delay: null });
  const app = (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
  const view = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, queryClient, user, location: () => router.state.location };
}
