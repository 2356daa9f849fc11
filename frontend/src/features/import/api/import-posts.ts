import { useQuery } from '@tanstack/react-query';
import { UsageSchema, type Usage } from '@shared/entitlements';
import { ImportResponseSchema, type ImportRequest, type ImportResponse } from '@shared/import';
import { api } from '@/lib/api-client';

/** Every post query in the app starts with 'posts' and the usage meter reads 'usage' (features/compose/api/query-keys.ts). */
export const importKeys = { posts: ['posts'] as const, usage: ['usage'] as const };

/** POST /api/posts/import: one chunk; the answer has one result per row, in order. */
export function importChunk(body: ImportRequest): Promise<ImportResponse> {
  return api('/posts/import', { method: 'POST', body, schema: ImportResponseSchema });
}

/** GET /api/usage: what is left of this month's allowance, for the preview. */
export function useUsage() {
  return useQuery({ queryKey: importKeys.usage, queryFn: (): Promise<Usage> => api('/usage', { schema: UsageSchema }) });
}
