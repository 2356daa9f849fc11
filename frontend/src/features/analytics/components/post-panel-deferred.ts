import { deferred } from '@/components/deferred';
import type { PostPanelProps } from './post-panel';

/**
 * A post's analytics panel (a dialog with its chart) loads after the page has painted, or at once
 * when a post is opened before that (see ConfirmDialog).
 */
export const PostPanel = deferred<PostPanelProps>(
  () => import('./post-panel').then((module) => module.PostPanel),
  () => null,
  (props) => props.postId !== null,
);
