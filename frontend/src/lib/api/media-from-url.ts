import { MediaItemSchema, type MediaItem } from '@shared/posts';
import { api } from '@/lib/api-client';

/**
 * POST /api/media/from-url (docs/bulk-import.md#media-from-a-link): the server fetches a public https
 * link into the user's media and answers with the same media item as a confirmed upload, so its `id`
 * goes into `media_ids` like any other. A refused link rejects with the API's ApiError (status 400
 * and the reason, e.g. "The server at example.com answered 404.").
 */
export function importMediaFromUrl(url: string): Promise<MediaItem> {
  return api('/media/from-url', { method: 'POST', body: { url }, schema: MediaItemSchema });
}
