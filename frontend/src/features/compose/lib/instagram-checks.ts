import { instagramMediaProblem } from '@shared/instagram';
import type { ComposeMedia } from '../hooks/use-media-uploads';

/**
 * Instagram's compose rules (shared/instagram.ts, the same the API applies) for the files in the
 * form: the name is the one the user picked, width and height what media confirm read.
 */
export function instagramProblemOf(items: readonly ComposeMedia[]): string | null {
  return instagramMediaProblem(
    items.map((item) => ({
      file_name: item.name,
      file_type: item.stored?.file_type ?? (item.kind === 'image' ? 'image/*' : 'video/*'),
      width: item.stored?.width ?? null,
      height: item.stored?.height ?? null,
    })),
  );
}
