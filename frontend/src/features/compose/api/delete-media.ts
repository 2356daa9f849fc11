import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { composeKeys } from './query-keys';

/** DELETE /api/media/{id}: removes the stored file, then its row. */
export function deleteMedia(id: string): Promise<undefined> {
  return api(`/media/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteMedia() {
  return useMutation({ mutationKey: composeKeys.deleteMedia, mutationFn: deleteMedia });
}
