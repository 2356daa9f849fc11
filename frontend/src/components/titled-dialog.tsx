import { deferred } from './deferred';
import type { TitledDialogProps } from './titled-dialog-view';

/**
 * A modal dialog with a title and a close button (titled-dialog-view.tsx), mounted only while open;
 * its code loads after the page's first paint, or at once when it is asked to open before that (see
 * ConfirmDialog).
 */
export const TitledDialog = deferred<TitledDialogProps>(
  () => import('./titled-dialog-view').then((module) => module.TitledDialogView),
  () => null,
  (props) => props.open,
);
