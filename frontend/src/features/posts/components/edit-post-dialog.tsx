import { Box, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useState } from 'react';
import type { Post } from '@shared/posts';
import type { CreatePostBody } from '@shared/post-bodies';
import { ScopeDialog } from '@/components/series/scope-dialog';
import { useEditInSeries } from '@/components/series/use-series-mutations';
import { useUpdatePost } from '../api/update-post';
import { ActivityTimeline, ReviewComment } from './approval-actions';
import { usePostEditor } from './post-editor';

export interface EditPostDialogProps {
  post: Post;
  zone: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The app's editor (Compose's form) for the saved post; a valid submit saves the whole post with PATCH. */
function EditPostForm({ post, zone, onDone }: { post: Post; zone: string; onDone: () => void }) {
  const renderEditor = usePostEditor();
  const update = useUpdatePost({ onSuccess: onDone });
  // An occurrence of a recurring post: "this one or all following" before saving (docs/recurring-posts.md).
  const inSeries = post.series && !post.series.detached ? post.series : null;
  const seriesEdit = useEditInSeries({ onSuccess: onDone });
  const [pending, setPending] = useState<CreatePostBody | null>(null);
  const editor = renderEditor({
    post,
    zone,
    saving: update.isPending || seriesEdit.isPending,
    onSubmit: (body) => (inSeries ? setPending(body) : update.mutate({ id: post.id, body: { ...body, media_ids: body.media_ids ?? [] } })),
  });
  if (!inSeries) return editor;
  return (
    <>
      {editor}
      <ScopeDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        action="edit"
        pending={seriesEdit.isPending}
        onConfirm={(scope) =>
          pending &&
          seriesEdit.mutate(
            { seriesId: inSeries.id, postId: post.id, scope, post: { ...pending, media_ids: pending.media_ids ?? [] } },
            { onSettled: () => setPending(null) },
          )
        }
      />
    </>
  );
}

/** Edit a scheduled post or a draft with the same form as Compose. */
export function EditPostDialog({ post, zone, open, onOpenChange }: EditPostDialogProps) {
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      lazyMount
      unmountOnExit
      // Exact breakpoints: with `base: 'full'` the full-screen size leaked into md and up, so the
      // dialog filled the window's height with a gap above its buttons. The Compose
      // form needs the width of its two columns.
      size={{ mdDown: 'full', md: 'cover' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={{ md: '6xl' }} h={{ md: 'auto' }} maxH={{ md: 'calc(100dvh - 4rem)' }}>
            <Dialog.Header>
              <Dialog.Title>Edit Post</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              {post.review_comment && post.status === 'draft' ? (
                <Box mb="4">
                  <ReviewComment comment={post.review_comment} />
                </Box>
              ) : null}
              <EditPostForm post={post} zone={zone} onDone={() => onOpenChange(false)} />
              <Box mt="6">
                <ActivityTimeline postId={post.id} zone={zone} />
              </Box>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close without saving" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
