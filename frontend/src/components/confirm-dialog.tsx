import { deferred } from './deferred';
import type { ConfirmDialogProps } from './confirm-dialog-view';

/**
 * A confirmation before a destructive action (confirm-dialog-view.tsx). Its code (Chakra's dialog:
 * the focus trap, the dismissable layer) is not part of a page's first paint: it downloads once the
 * page has loaded, or at once when the dialog is asked to open before that, and it opens when it has
 * arrived. Closed, it renders nothing either way.
 */
export const ConfirmDialog = deferred<ConfirmDialogProps>(
  () => import('./confirm-dialog-view').then((module) => module.ConfirmDialogView),
  () => null,
  (props) => props.open,
);
