import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { MSG } from '@shared/messages';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { FullPageError } from '@/components/feedback/full-page-error';
import { UiProvider } from '@/components/ui/provider';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/react-query';
import { AuthProvider } from './auth-provider';

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client (no retries); the app makes one. */
  queryClient?: QueryClient;
}

export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <UiProvider>
      <ErrorBoundary fallback={(error) => <FullPageError title={MSG.unexpectedError} detail={error.message} />}>
        <QueryClientProvider client={client}>
          <AuthProvider>{children}</AuthProvider>
        </QueryClientProvider>
      </ErrorBoundary>
      <Toaster />
    </UiProvider>
  );
}
