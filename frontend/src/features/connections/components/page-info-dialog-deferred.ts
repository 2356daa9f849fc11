import { deferred } from '@/components/deferred';
import type { PageInfoDialogProps } from './page-info-dialog';

/**
 * A Facebook Page's details (a dialog) load after the list has painted, or at once when it is asked
 * to open before that (see ConfirmDialog).
 */
export const PageInfoDialog = deferred<PageInfoDialogProps>(
  () => import('./page-info-dialog').then((module) => module.PageInfoDialog),
  () => null,
  (props) => props.open,
);
