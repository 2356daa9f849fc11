import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { FallbackError } from '@/components/errors/fallback-error';
import { FullPageLoader } from '@/components/feedback/full-page-loader';
import { createQueryClient } from '@/lib/react-query';
import { AuthProvider } from './auth-provider';

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
  /** Tests pass their own client (no retries); the app makes one. */
  queryClient?: QueryClient;
}

/**
 * What every route shares: server state and the session. Chakra, the colour mode and the toaster
 * live in the layout of every route but the landing (app/routes/ui-layout.tsx).
 */
export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ErrorBoundary fallback={(error) => <AppErrorScreen error={error} />}>
      <QueryClientProvider client={client}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
