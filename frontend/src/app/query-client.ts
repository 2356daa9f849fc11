import { createContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The query client a test hands AppProvider, for the data layout (routes/data-layout.tsx) to provide
 * instead of the app's own. A type import only: React Query's code loads with that layout, not with
 * the entry, so the landing and the content pages never download it.
 */
export const QueryClientOverride = createContext<QueryClient | undefined>(undefined);
