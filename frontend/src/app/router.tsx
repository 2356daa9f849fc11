import { lazy, Suspense, useState, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RouterProvider } from 'react-router-dom';
import { FullPageLoader } from '@/components/feedback/full-page-loader';
import { paths } from '@/config/paths';
import { loadAuthSession } from '@/lib/amplify-loader';
import { RedirectIfSignedIn, RequireAuth } from './guards';
import { RootLayout, type RouteHandle } from './root-layout';

type RouteModule = { default: ComponentType };

const RouteErrorPage = lazy(() => import('./routes/error'));

/** Every route is code-split: the landing loads only what it renders. */
function lazyRoute(load: () => Promise<RouteModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/**
 * Every route but the landing renders inside this layout: Chakra and the toaster, plus the runtime
 * config that sign-in and the API need, arrive with the first of those routes.
 */
const lazyUiLayout: RouteObject['lazy'] = async () => {
  const [module] = await Promise.all([
    import('./routes/ui-layout'),
    import('@/config/runtime-config').then(({ ensureRuntimeConfig }) => ensureRuntimeConfig()),
  ]);
  return { Component: module.default };
};

/** React Query's provider, for the routes that read server state (routes/data-layout.tsx). */
const lazyDataLayout = lazyRoute(() => import('./routes/data-layout'));

/** Routes that call Cognito directly (sign-in, verification) need Amplify configured first. */
function lazyAuthRoute(load: () => Promise<RouteModule>): RouteObject['lazy'] {
  return async () => {
    const [module] = await Promise.all([load(), loadAuthSession()]);
    return { Component: module.default };
  };
}

export function createRoutes(): RouteObject[] {
  const { app } = paths;
  return [
    {
      path: '/',
      element: <RootLayout />,
      errorElement: (
        <Suspense fallback={<FullPageLoader />}>
          <RouteErrorPage />
        </Suspense>
      ),
      hydrateFallbackElement: <FullPageLoader />,
      children: [
        {
          // Plain React and CSS: no Chakra, no zod, no Amplify unless a session may exist.
          element: <RedirectIfSignedIn />,
          children: [{ index: true, lazy: lazyRoute(() => import('./routes/landing')) }],
        },
        {
          lazy: lazyUiLayout,
          children: [
            {
              path: paths.aboutUs.path,
              handle: { title: 'About Us' } satisfies RouteHandle,
              lazy: lazyRoute(() => import('./routes/about-us')),
            },
            {
              path: paths.privacyPolicy.path,
              handle: { title: 'Privacy Policy' } satisfies RouteHandle,
              lazy: lazyRoute(() => import('./routes/privacy-policy')),
            },
            {
              path: paths.termsOfService.path,
              handle: { title: 'Terms of Service' } satisfies RouteHandle,
              lazy: lazyRoute(() => import('./routes/terms-of-service')),
            },
            {
              path: paths.contactUs.path,
              handle: { title: 'Contact Us' } satisfies RouteHandle,
              lazy: lazyRoute(() => import('./routes/contact-us')),
            },
            {
              path: '*',
              handle: { title: 'Page not found' } satisfies RouteHandle,
              lazy: lazyRoute(() => import('./routes/not-found')),
            },
            {
              // Every route that reads or writes server state; the content pages above paint without React Query.
              lazy: lazyDataLayout,
              children: [
                {
                  element: <RedirectIfSignedIn />,
                  children: [
                    {
                      path: paths.auth.path,
                      handle: { title: 'Sign in' } satisfies RouteHandle,
                      // Paints without Amplify: the form fetches it after its first paint (features/auth/api/amplify-auth.ts).
                      lazy: lazyRoute(() => import('./routes/auth')),
                    },
                    {
                      path: paths.forgotPassword.path,
                      handle: { title: 'Reset your password' } satisfies RouteHandle,
                      lazy: lazyAuthRoute(() => import('./routes/forgot-password')),
                    },
                  ],
                },
                {
                  path: paths.verifyEmail.path,
                  handle: { title: 'Verify your email' } satisfies RouteHandle,
                  lazy: lazyAuthRoute(() => import('./routes/verify-email')),
                },
                {
                  path: paths.completeSignup.path,
                  handle: { title: 'Complete signup' } satisfies RouteHandle,
                  lazy: lazyAuthRoute(() => import('./routes/complete-signup')),
                },
                {
                  path: paths.oauthCallback.path,
                  handle: { title: 'Connecting…' } satisfies RouteHandle,
                  lazy: lazyRoute(() => import('./routes/oauth-callback')),
                },
                {
                  // Public, inside the connect popup: the state and the binding cookie identify the connect.
                  path: paths.blueskySignIn.path,
                  handle: { title: 'Connect Bluesky' } satisfies RouteHandle,
                  lazy: lazyRoute(() => import('./routes/bluesky-sign-in')),
                },
                {
                  // Public: the preview shows to anyone with the link; accepting asks for a session.
                  path: paths.invite.path,
                  handle: { title: 'Invitation' } satisfies RouteHandle,
                  lazy: lazyRoute(() => import('./routes/invite')),
                },
                {
                  // Public: a client connects their accounts through an agency's link, without signing in.
                  path: paths.connectLink.path,
                  handle: { title: 'Connect your accounts' } satisfies RouteHandle,
                  lazy: lazyRoute(() => import('./routes/connect-link')),
                },
                {
                  // Public: a client reviews their upcoming posts through an agency's link, without signing in.
                  path: paths.reviewLink.path,
                  handle: { title: 'Review posts' } satisfies RouteHandle,
                  lazy: lazyRoute(() => import('./routes/review-link')),
                },
                {
                  path: app.root.path,
                  element: <RequireAuth />,
                  children: [
                    {
                      lazy: lazyRoute(() => import('./routes/app/root')),
                      children: [
                        {
                          index: true,
                          handle: { title: 'Dashboard' } satisfies RouteHandle,
                          lazy: lazyRoute(() => import('./routes/app/dashboard')),
                        },
                        {
                          path: app.compose.path,
                          handle: { title: 'Compose' } satisfies RouteHandle,
                          lazy: lazyRoute(() => import('./routes/app/compose')),
                        },
                        {
                          path: app.schedule.path,
                          handle: { title: 'Schedule' } satisfies RouteHandle,
                          lazy: lazyRoute(() => import('./routes/app/schedule')),
                        },
                        {
                          path: app.queue.path,
                          handle: { title: 'Queue' } satisfies RouteHandle,
                          lazy: lazyRoute(() => import('./routes/app/queue')),
                        },
                        {
                          path: app.posts.path,
                          handle: { title: 'Posts' } satisfies RouteHandle,
                          lazy: lazyRoute(() => import('./routes/app/posts')),
                        },
                        {
                          path: app.analytics.path,
                          handle: { title: 'Analytics' } satisfies RouteHandle,
                          lazy: lazyRoute(() => import('./routes/app/analytics')),
                        },
                        {
                          path: app.platforms.path,
                          handle: { title: 'Platforms' } satisfies RouteHandle,
                          lazy: lazyRoute(() => import('./routes/app/platforms')),
                        },
                        {
                          path: app.import.path,
                          handle: { title: 'Import' } satisfies RouteHandle,
                          lazy: lazyRoute(() => import('./routes/app/import')),
                        },
                        {
                          path: app.clients.path,
                          handle: { title: 'Clients' } satisfies RouteHandle,
                          lazy: lazyRoute(() => import('./routes/app/clients')),
                        },
                        {
                          path: app.members.path,
                          handle: { title: 'Members' } satisfies RouteHandle,
                          lazy: lazyRoute(() => import('./routes/app/members')),
                        },
                        {
                          path: app.settings.path,
                          handle: { title: 'Settings' } satisfies RouteHandle,
                          lazy: lazyRoute(() => import('./routes/app/settings')),
                        },
                        {
                          path: app.apiReference.path,
                          handle: { title: 'API reference' } satisfies RouteHandle,
                          lazy: lazyRoute(() => import('./routes/app/api-reference')),
                        },
                        {
                          path: app.subscription.path,
                          handle: { title: 'Subscription' } satisfies RouteHandle,
                          lazy: lazyRoute(() => import('./routes/app/subscription')),
                        },
                      ],
                    },
                  ],
                },
                {
                  path: paths.connections.path,
                  element: <RequireAuth />,
                  children: [
                    {
                      lazy: lazyRoute(() => import('./routes/app/root')),
                      children: [
                        {
                          index: true,
                          handle: { title: 'Connections' } satisfies RouteHandle,
                          lazy: lazyRoute(() => import('./routes/app/connections')),
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(createRoutes()));
  return <RouterProvider router={router} />;
}
