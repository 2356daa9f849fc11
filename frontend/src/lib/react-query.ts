import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { UI } from '@shared/ui';
import { MSG } from '@shared/messages';
import { isApiError } from './api-error';

/** Client errors (4xx other than 408/429) and a missing session will not heal by retrying. */
function isRetryable(error: unknown): boolean {
  if (error instanceof Error && error.message === MSG.notAuthenticated) return false;
  if (isApiError(error)) return error.status >= 500 || error.status === 408 || error.status === 429;
  return true;
}

/** docs/product-rules.md#constants: 3 retries with exponential backoff up to 30 s; cache garbage-collected after 5 minutes. */
export const queryConfig = {
  queries: {
    retry: (failureCount, error) => failureCount < UI.query.retries && isRetryable(error),
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, UI.query.maxRetryDelayMs),
    gcTime: UI.query.gcTimeMs,
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  },
  mutations: { retry: false },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
