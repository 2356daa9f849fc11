import { MAX_UPLOAD_BYTES, SNIFF_BYTES, sniffMediaType } from '@shared/media';
import { MEDIA_URL_MAX_REDIRECTS, MEDIA_URL_TIMEOUT_SECONDS, mediaUrlTypeMessage } from '@shared/media-url';
import type { MediaItem } from '@shared/posts';
import { newObjectKey } from '../data/keys';
import { deleteObject, putObject } from '../data/media';
import { defaultDeps, type Deps } from '../lib/clock';
import { env } from '../lib/env';
import { fetchPublicFile, localWebOrigin, type FetchPublicOptions } from '../lib/public-fetch';
import { extensionFor, randomPart } from './media';
import { confirmUpload } from './media-confirm';

/**
 * POST /api/media/from-url: a file from a public https link becomes the user's
 * media exactly as an upload does. The fetch (functions/lib/public-fetch.ts) refuses private
 * addresses, rebinding, more than 3 redirects, more than 100 MB, anything that is not an image or
 * video by its first bytes, and more than 20 s. Only then is the file stored, in ONE PutObject of
 * the capped buffer (not a multipart upload: a refusal must leave nothing behind, and an aborted
 * multipart upload would leave parts until a lifecycle rule swept them), and confirmed by the very
 * confirm an upload goes through (type, size, image decoding, video header, Instagram copy). If
 * confirm refuses or fails, the stored object is deleted: a refused link writes nothing.
 */
export async function importMediaFromUrl(
  userId: string,
  url: string,
  deps: Deps = defaultDeps,
  fetchOptions: Partial<FetchPublicOptions> = {},
): Promise<MediaItem> {
  const fetched = await fetchPublicFile(url, {
    maxBytes: MAX_UPLOAD_BYTES,
    timeoutMs: MEDIA_URL_TIMEOUT_SECONDS * 1000,
    maxRedirects: MEDIA_URL_MAX_REDIRECTS,
    headBytes: SNIFF_BYTES,
    checkHead: (head, host) => (sniffMediaType(head) ? null : mediaUrlTypeMessage(host)),
    exemptOrigin: localWebOrigin(env().LOCAL_PUBLIC_WEB_ORIGIN, env().AWS_EXECUTION_ENV),
    ...fetchOptions,
  });
  // What the bytes are, never what the server's Content-Type said (checkHead already refused the rest).
  const type = sniffMediaType(fetched.bytes)!;
  const key = newObjectKey(userId, extensionFor('', type), deps.now(), randomPart());
  await putObject(key, fetched.bytes, type, fileNameOf(fetched.url, extensionFor('', type)));
  try {
    return await confirmUpload(userId, key, deps);
  } catch (error) {
    await deleteObject(key).catch(() => undefined);
    throw error;
  }
}

/** The link's last path segment as the file's name (for messages), or the host with the type's extension. */
export function fileNameOf(url: URL, ext: string): string {
  const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // A broken %-escape: keep it as written.
  }
  name = name.replace(/[\p{Cc}\p{Cs}]/gu, '').trim();
  return name || `${url.hostname.replace(/^\[|\]$/g, '')}.${ext}`;
}
