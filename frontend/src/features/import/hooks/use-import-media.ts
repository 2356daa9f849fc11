import { useCallback, useMemo, useState } from 'react';
import { IMPORT_MAX_FILES, type ImportFileContext } from '@shared/import';
import { isImageType, type VideoFacts } from '@shared/media';
import type { MediaItem } from '@shared/posts';
import { toaster } from '@/components/ui/toaster';
import { isApiError } from '@/lib/api-error';
import { screenMediaFiles } from '@/lib/media-files';
import { uploadMediaFile } from '@/lib/upload';
import { deleteImportUpload } from '../api/import-media';

/** One file of "Media for this import": uploading (with progress), then stored. */
export interface ImportUpload {
  localId: string;
  name: string;
  kind: 'image' | 'video';
  stored: MediaItem | null;
  video: VideoFacts | null;
}

export const TOO_MANY_IMPORT_FILES = `An import takes at most ${IMPORT_MAX_FILES} files.`;
let nextId = 0;

/** What the row check knows of an upload: its id and name, what the platforms' rules need, whether it is still on its way. */
function fileContextOf(item: ImportUpload): ImportFileContext {
  const facts = {
    file_name: item.name,
    file_type: item.stored?.file_type ?? (item.kind === 'image' ? 'image/*' : 'video/*'),
    width: item.kind === 'video' ? (item.video?.width ?? null) : (item.stored?.width ?? null),
    height: item.kind === 'video' ? (item.video?.height ?? null) : (item.stored?.height ?? null),
    duration_seconds: item.video?.duration_seconds ?? null,
  };
  return item.stored ? { id: item.stored.id, name: item.name, facts } : { id: item.localId, name: item.name, uploading: true };
}

/**
 * The Import page's uploads (docs/bulk-import.md#media-for-this-import). Each file goes the way
 * Compose's do, under the same rules and messages: type and 100 MB checked first, then presigned,
 * uploaded with progress, a video measured, confirmed; a failure removes it, and a refusal by our
 * API says why. The CSV names them in its `media` column.
 */
export function useImportMedia() {
  const [items, setItems] = useState<ImportUpload[]>([]);
  // Kept apart from the items, so a progress tick does not rebuild the preview's view of the files.
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [removing, setRemoving] = useState<string | null>(null);

  const patch = useCallback((localId: string, change: Partial<ImportUpload>) => {
    setItems((current) => current.map((item) => (item.localId === localId ? { ...item, ...change } : item)));
  }, []);
  const forget = useCallback((localId: string) => setItems((current) => current.filter((item) => item.localId !== localId)), []);

  const upload = useCallback(
    async (localId: string, file: File) => {
      try {
        const setPercent = (percent: number) => setProgress((p) => ({ ...p, [localId]: percent }));
        const { stored, video } = await uploadMediaFile(file, { progress: setPercent, uploaded: () => setPercent(100) });
        patch(localId, { video, stored });
      } catch (error) {
        console.error(`Upload of ${file.name} failed`, error);
        forget(localId);
        if (isApiError(error)) toaster.error({ title: 'Upload failed', description: error.message });
      }
    },
    [forget, patch],
  );

  const addFiles = useCallback(
    (files: Iterable<File>) => {
      const { accepted, refusals } = screenMediaFiles(files, IMPORT_MAX_FILES - items.length, TOO_MANY_IMPORT_FILES);
      for (const refusal of refusals) toaster.error(refusal);
      for (const file of accepted) {
        const localId = `import-upload-${++nextId}`;
        const kind = isImageType(file.type) ? 'image' : 'video';
        setItems((current) => [...current, { localId, name: file.name, kind, stored: null, video: null }]);
        void upload(localId, file);
      }
    },
    [items.length, upload],
  );

  const remove = useCallback(
    async (localId: string) => {
      const item = items.find((i) => i.localId === localId);
      if (!item?.stored) return;
      setRemoving(localId);
      try {
        await deleteImportUpload(item.stored.id);
        forget(localId);
      } catch (error) {
        toaster.error({ title: 'Delete failed', description: error instanceof Error ? error.message : String(error) });
      } finally {
        setRemoving(null);
      }
    },
    [forget, items],
  );

  /** Once every row has its own copy the uploads are not needed: they are deleted (one that will not go stays listed). */
  const discardAll = useCallback(async () => {
    const stored = items.filter((i) => i.stored);
    const results = await Promise.allSettled(stored.map((i) => deleteImportUpload(i.stored!.id)));
    const gone = new Set(stored.filter((_, k) => results[k].status === 'fulfilled').map((i) => i.localId));
    setItems((current) => current.filter((i) => !gone.has(i.localId)));
  }, [items]);

  // The row check's view: rebuilt when a file arrives, finishes or goes.
  const files = useMemo(() => items.map(fileContextOf), [items]);

  return { items, progress, files, addFiles, remove, removing, discardAll, uploading: items.some((i) => !i.stored) };
}
