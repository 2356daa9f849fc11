import { useQueries } from '@tanstack/react-query';
import { TikTokCreatorInfoSchema, type TikTokCreatorInfo } from '@shared/tiktok';
import { api } from '@/lib/api-client';

/** DELETE /api/media/{id}: an upload the user removed from the import (or one every row has copied). */
export function deleteImportUpload(id: string): Promise<undefined> {
  return api(`/media/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/**
 * GET /api/accounts/{id}/tiktok-creator-info for each TikTok account the file posts to, read when
 * the file is previewed (TikTok's guidelines: what a creator may post changes, so never cached).
 */
export function useCreatorInfos(accountIds: readonly string[]) {
  return useQueries({
    queries: accountIds.map((id) => ({
      queryKey: ['import', 'tiktok-creator-info', id],
      queryFn: (): Promise<TikTokCreatorInfo> => api(`/accounts/${encodeURIComponent(id)}/tiktok-creator-info`, { schema: TikTokCreatorInfoSchema }),
      staleTime: 0,
      retry: false,
      refetchOnWindowFocus: false,
    })),
  });
}
