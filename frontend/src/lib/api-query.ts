import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type SchemaSource } from './api-client';

/**
 * A GET endpoint read through React Query, declared once: `fetch` calls it and checks the body against `schema`
 * (a schema or its loader, see SchemaSource), `options()` are its query options (for loaders and prefetching),
 * `useQuery()` is the hook.
 */
export function apiQuery<S extends z.ZodType>(path: string, schema: SchemaSource<S>, queryKey: () => QueryKey) {
  const fetch = (): Promise<z.output<S>> => api(path, { schema });
  const options = () => queryOptions({ queryKey: queryKey(), queryFn: fetch });
  return { fetch, options, useQuery: () => useQuery(options()) };
}
