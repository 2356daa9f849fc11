import type { VideoFacts } from '@shared/media';
import { MediaItemSchema, type MediaItem } from '@shared/posts';
import { api } from '@/lib/api-client';

/**
 * POST /api/media: the API checks the stored object and answers with the media item. A video goes
 * with the length and size the browser measured (the platforms' compose rules need them).
 */
export function confirmUpload(key: string, video?: VideoFacts | null): Promise<MediaItem> {
  return api('/media', { method: 'POST', body: video ? { key, video } : { key }, schema: MediaItemSchema });
}
