import { useCallback, useEffect, useRef, useState } from 'react';
import { isDocumentType, isImageType, MAX_MEDIA_PER_POST, TOO_MANY_FILES_MESSAGE, type VideoFacts } from '@shared/media';
import type { MediaItem } from '@shared/posts';
import { toaster } from '@/components/ui/toaster';
import { isApiError } from '@/lib/api-error';
import { importMediaFromUrl } from '@/lib/api/media-from-url';
import { DOCUMENT_NEEDS_LINKEDIN_MESSAGE, screenMediaFiles } from '@/lib/media-files';
import { uploadMediaFile } from '@/lib/upload';
import { deleteMedia as deleteMediaFile, useDeleteMedia } from '../api/delete-media';

export type MediaKind = 'image' | 'video' | 'document';

/** What kind of file a media type is: a PDF is a document (LinkedIn only), else an image or a video. */
export const kindOf = (type: string): MediaKind => (isImageType(type) ? 'image' : isDocumentType(type) ? 'document' : 'video');

/** One file of the compose form: a local preview while it uploads, then the stored media item. */
export interface ComposeMedia {
  localId: string;
  name: string;
  kind: MediaKind;
  /** 0–100 while the bytes travel; 100 while the API confirms. */
  progress: number;
  /** An object URL of the local file; null once the stored item replaces it. */
  previewUrl: string | null;
  stored: MediaItem | null;
  /**
   * Already on the saved post being edited: removing it only takes it off the form, and
   * the API deletes it when the edit is saved (DELETE /api/media refuses a file a post holds).
   */
  attached?: boolean;
  /** A video's length and size as the browser measured them (null for images, or when unreadable). */
  video: VideoFacts | null;
  /** The image's description for screen readers (alt text), as typed; absent or blank when it has none. */
  altText?: string;
}

let nextLocalId = 0;

/** A link's file name for its tile: the last path segment, else the host. */
function linkName(url: string): string {
  try {
    const parsed = new URL(url);
    const last = decodeURIComponent(parsed.pathname.slice(parsed.pathname.lastIndexOf('/') + 1));
    return last || parsed.hostname;
  } catch {
    return url;
  }
}

/** A file of the post being edited, as the form shows it. */
function fromPost(stored: MediaItem): ComposeMedia {
  const name = stored.file_path.slice(stored.file_path.lastIndexOf('/') + 1);
  return {
    localId: `post-${stored.id}`,
    name,
    kind: kindOf(stored.file_type),
    progress: 100,
    previewUrl: null,
    stored,
    video: null,
    attached: true,
    ...(stored.alt_text ? { altText: stored.alt_text } : {}),
  };
}

function objectUrl(file: File): string | null {
  // jsdom and very old browsers lack createObjectURL; the tile then shows an icon.
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

function revoke(url: string | null) {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

/**
 * The compose form's media (docs/product-rules.md#compose): files are checked before anything is sent (type, 100 MB),
 * then presigned, uploaded with progress and confirmed. A failure removes the item (docs/product-rules.md#messages-and-errors: silent,
 * except that a refusal by our API says why in an "Upload failed" toast).
 */
export function useMediaUploads(initial: readonly MediaItem[] = [], restored: readonly ComposeMedia[] = []) {
  // `restored`: uploads of a draft kept in this browser, not yet on any post.
  const [items, setItems] = useState<ComposeMedia[]>(() => [...initial.map(fromPost), ...restored]);
  const previews = useRef(new Set<string>());
  const deleteMedia = useDeleteMedia();

  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) revoke(url);
      urls.clear();
    };
  }, []);

  const update = useCallback((localId: string, change: (item: ComposeMedia) => ComposeMedia) => {
    setItems((current) => current.map((item) => (item.localId === localId ? change(item) : item)));
  }, []);

  const drop = useCallback((localId: string) => {
    setItems((current) => {
      const gone = current.find((item) => item.localId === localId);
      if (gone?.previewUrl) {
        revoke(gone.previewUrl);
        previews.current.delete(gone.previewUrl);
      }
      return current.filter((item) => item.localId !== localId);
    });
  }, []);

  const upload = useCallback(
    async (localId: string, file: File) => {
      try {
        // The video's measures show as soon as the bytes are stored (the rules name a problem then); the confirm carries them.
        const { stored } = await uploadMediaFile(file, {
          progress: (progress) => update(localId, (item) => ({ ...item, progress })),
          uploaded: (video) => update(localId, (item) => ({ ...item, progress: 100, video })),
        });
        setItems((current) =>
          current.map((item) => {
            if (item.localId !== localId) return item;
            if (item.previewUrl) {
              revoke(item.previewUrl);
              previews.current.delete(item.previewUrl);
            }
            return { ...item, progress: 100, previewUrl: null, stored };
          }),
        );
        toaster.success({ title: 'File uploaded successfully!' });
      } catch (error) {
        console.error(`Upload of ${file.name} failed`, error);
        drop(localId);
        if (isApiError(error)) toaster.error({ title: 'Upload failed', description: error.message });
      }
    },
    [drop, update],
  );

  /**
   * Only images and videos are taken; other files are ignored (docs/product-rules.md#media-rules). An image or video of a
   * type the platforms do not publish (SVG, HEIC, MKV…) is refused with the reason.
   */
  const addFiles = useCallback(
    (files: Iterable<File>, options: { documents?: boolean } = {}) => {
      // A post holds at most MAX_MEDIA_PER_POST files (the API's bound): files beyond it are not uploaded.
      const { accepted, refusals } = screenMediaFiles(files, MAX_MEDIA_PER_POST - items.length, TOO_MANY_FILES_MESSAGE, options);
      for (const refusal of refusals) toaster.error(refusal);
      for (const file of accepted) {
        const localId = `local-${++nextLocalId}`;
        const previewUrl = objectUrl(file);
        if (previewUrl) previews.current.add(previewUrl);
        const kind = kindOf(file.type);
        setItems((current) => [...current, { localId, name: file.name, kind, progress: 0, previewUrl, stored: null, video: null }]);
        void upload(localId, file);
      }
    },
    [items.length, upload],
  );

  /**
   * A file from a link (docs/bulk-import.md#media-from-a-link): the server fetches and checks it, then
   * it is shown like an upload. Resolves to whether it was added; a refusal says why in the same
   * "Upload failed" toast as an upload.
   */
  const addUrl = useCallback(
    async (url: string, options: { documents?: boolean } = {}): Promise<boolean> => {
      if (items.length >= MAX_MEDIA_PER_POST) {
        toaster.error({ title: 'Too many files', description: TOO_MANY_FILES_MESSAGE });
        return false;
      }
      const localId = `url-${++nextLocalId}`;
      const name = linkName(url);
      const kind: MediaKind = /\.(mp4|mov|webm)$/i.test(name) ? 'video' : /\.pdf$/i.test(name) ? 'document' : 'image';
      // No bytes travel through the browser, so no percentage: the tile shows "Processing…" until the API answers.
      setItems((current) => [...current, { localId, name, kind, progress: 100, previewUrl: null, stored: null, video: null }]);
      try {
        const stored = await importMediaFromUrl(url);
        // What a link holds is known only once fetched: a PDF with no network to take it is deleted again.
        if (kindOf(stored.file_type) === 'document' && !options.documents) {
          drop(localId);
          await deleteMediaFile(stored.id).catch((error: unknown) => console.error(`Deleting ${name} failed`, error));
          toaster.error({ title: 'File not supported', description: `${name}: ${DOCUMENT_NEEDS_LINKEDIN_MESSAGE}` });
          return false;
        }
        update(localId, (item) => ({ ...item, kind: kindOf(stored.file_type), stored }));
        toaster.success({ title: 'File uploaded successfully!' });
        return true;
      } catch (error) {
        console.error(`Fetching ${url} failed`, error);
        drop(localId);
        toaster.error({ title: 'Upload failed', description: isApiError(error) ? error.message : 'The link could not be fetched; please try again.' });
        return false;
      }
    },
    [drop, items.length, update],
  );

  const remove = useCallback(
    (localId: string) => {
      const item = items.find((i) => i.localId === localId);
      if (item?.attached) return drop(localId);
      if (!item?.stored) return;
      deleteMedia.mutate(item.stored.id, {
        onSuccess: () => {
          drop(localId);
          toaster.success({ title: 'File deleted' });
        },
        onError: (error) => toaster.error({ title: 'Delete failed', description: error.message }),
      });
    },
    [deleteMedia, drop, items],
  );

  const setAltText = useCallback((localId: string, altText: string) => update(localId, (item) => ({ ...item, altText })), [update]);

  /** After a post is created its media belong to it: forget them here, without deleting. */
  const reset = useCallback(() => {
    for (const url of previews.current) revoke(url);
    previews.current.clear();
    setItems([]);
  }, []);

  /**
   * Discarding a draft: its uploaded files are deleted (DELETE /api/media/{id}). A file that could
   * not be deleted stays in the form so nothing is lost silently; resolves to whether all went.
   */
  const discardUploads = useCallback(async (): Promise<boolean> => {
    const uploaded = items.filter((item) => item.stored && !item.attached);
    const results = await Promise.allSettled(uploaded.map((item) => deleteMediaFile(item.stored!.id)));
    const failed = new Set(uploaded.filter((_, i) => results[i].status === 'rejected').map((item) => item.localId));
    for (const item of items) if (!failed.has(item.localId)) drop(item.localId);
    return failed.size === 0;
  }, [drop, items]);

  return {
    items,
    addFiles,
    addUrl,
    remove,
    reset,
    discardUploads,
    deletingId: deleteMedia.isPending ? deleteMedia.variables : undefined,
    uploading: items.some((item) => !item.stored),
    mediaIds: items.flatMap((item) => (item.stored ? [item.stored.id] : [])),
    setAltText,
    /** Each uploaded file's alt text by media id, only where some was written (the compose body's `media_alt`). */
    mediaAlt: Object.fromEntries(items.flatMap((item) => (item.stored && item.altText?.trim() ? [[item.stored.id, item.altText]] : []))) as Record<
      string,
      string
    >,
  };
}
