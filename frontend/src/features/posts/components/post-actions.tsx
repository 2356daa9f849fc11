import { Box, Button, IconButton } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCopy, LuSend } from 'react-icons/lu';
import type { Post } from '@shared/posts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { targetNames } from '@/lib/target-names';
import { useDuplicatePost } from '../api/duplicate-post';
import { usePublishDraft } from '../api/publish-draft';
import { EditPostDialog } from './edit-post-dialog-deferred';

/**
 * "Duplicate" on any post card: the copy is a new draft, opened straight away in the
 * editor so the user can change it before scheduling; the toast says which accounts were left out.
 */
export function DuplicatePostButton({ post, zone }: { post: Pick<Post, 'id'>; zone: string }) {
  const [copy, setCopy] = useState<Post | null>(null);
  const duplicate = useDuplicatePost();
  return (
    <>
      <IconButton
        aria-label="Duplicate post"
        title="Duplicate as a new draft"
        size="sm"
        variant="ghost"
        loading={duplicate.isPending}
        onClick={() => duplicate.mutate(post.id, { onSuccess: (made) => setCopy(made.post) })}
      >
        <LuCopy />
      </IconButton>
      {copy ? <EditPostDialog post={copy} zone={zone} open onOpenChange={(open) => (open ? undefined : setCopy(null))} /> : null}
    </>
  );
}

/**
 * "Publish now" on a draft. It goes out at once, so a dialog names every account first;
 * the request carries the version shown, so a second click (or another tab) cannot publish it twice.
 */
export function PublishDraftButton({ post }: { post: Post }) {
  const [confirming, setConfirming] = useState(false);
  const publish = usePublishDraft();
  const names = targetNames(post.platforms);
  return (
    <Box>
      <Button size="sm" variant="outline" colorPalette="brand" loading={publish.isPending} onClick={() => setConfirming(true)}>
        <LuSend aria-hidden />
        Publish now
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Publish this draft now?"
        description={`It goes out right away to ${names}, and counts as one of this month's posts. Each platform's outcome shows on the post and in your notifications.`}
        confirmLabel="Publish now"
        confirmPalette="brand"
        pending={publish.isPending}
        onConfirm={() => publish.mutate(post, { onSettled: () => setConfirming(false) })}
      />
    </Box>
  );
}
