import { deferred } from '@/components/deferred';
import type { ClientFormDialogProps } from './client-form-dialog';
import type { ClientLinkDialogOpenProps } from './client-link-dialog';

/*
 * The Clients page's dialogs (their forms use Chakra's Dialog parts, which bring the dialog machine)
 * load after the list has painted, or at once when one is asked to open before that (see ConfirmDialog).
 */

export const ClientFormDialog = deferred<ClientFormDialogProps>(
  () => import('./client-form-dialog').then((module) => module.ClientFormDialog),
  () => null,
  (props) => props.open,
);

export const ReviewLinkDialog = deferred<ClientLinkDialogOpenProps>(
  () => import('./review-link-dialog').then((module) => module.ReviewLinkDialog),
  () => null,
  (props) => props.open,
);

export const ConnectLinkDialog = deferred<ClientLinkDialogOpenProps>(
  () => import('./connect-link-dialog').then((module) => module.ConnectLinkDialog),
  () => null,
  (props) => props.open,
);
