import { MediaItemSchema, type MediaItem } from '@shared/posts';
import { api } from '@/lib/api-client';

/** POST /api/media: the API checks the stored object and answers with the media item. */
export function confirmUpload(key: string): Promise<MediaItem> {
  return api('/media', { method: 'POST', body: { key }, schema: MediaItemSchema });
}
