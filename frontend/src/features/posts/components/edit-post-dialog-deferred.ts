import { deferred } from '@/components/deferred';
import type { EditPostDialogProps } from './edit-post-dialog';

/**
 * The editor's dialog (Dialog.Root, the save with its limit warnings) loads after the list has painted,
 * or at once when it is asked to open before that (see ConfirmDialog).
 */
export const EditPostDialog = deferred<EditPostDialogProps>(
  () => import('./edit-post-dialog').then((module) => module.EditPostDialog),
  () => null,
  (props) => props.open,
);
