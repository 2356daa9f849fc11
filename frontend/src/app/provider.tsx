import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { FallbackError } from '@/components/errors/fallback-error';
import { FullPageLoader } from '@/components/feedback/full-page-loader';
import { AuthProvider } from './auth-provider';
import { QueryClientOverride } from './query-client';

// Chakra is not part of the entry (the landing renders without it), so the error screen loads on demand.
const AppErrorPage = lazy(() => import('./routes/error').then((module) => ({ default: module.AppErrorPage })));

/** Also where the router's error page ends up when its own code cannot be downloaded. */
function AppErrorScreen({ error }: { error: Error }) {
  return (
    <ErrorBoundary fallback={() => <FallbackError />}>
      <Suspense fallback={<FullPageLoader />}>
        <AppErrorPage error={error} />
      </Suspense>
    </ErrorBoundary>
  );
}

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client (no retries); the app makes one where it first needs it (routes/data-layout.tsx). */
  queryClient?: QueryClient;
}

/**
 * What every route shares: the session. Chakra, the colour mode and the toaster live in the layout of
 * every route but the landing (app/routes/ui-layout.tsx); server state (React Query) in the layout of
 * the routes that read it (app/routes/data-layout.tsx).
 */
export function AppProvider({ children, queryClient }: AppProviderProps) {
  return (
    <ErrorBoundary fallback={(error) => <AppErrorScreen error={error} />}>
      <QueryClientOverride.Provider value={queryClient}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientOverride.Provider>
    </ErrorBoundary>
  );
}
