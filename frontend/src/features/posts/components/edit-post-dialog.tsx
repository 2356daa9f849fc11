import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { LuCircleAlert } from 'react-icons/lu';
import type { Post } from '@shared/posts';
import { useAccounts } from '@/features/accounts/api/get-accounts';
import { ComposeForm } from '@/features/compose/components/compose-form';
import { useUpdatePost } from '../api/update-post';

interface EditPostDialogProps {
  post: Post;
  zone: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The Compose form, started from the saved post (issue 17.5): platforms and accounts, captions,
 * media, YouTube title, TikTok settings and schedule can all change. A valid submit saves the whole
 * post with PATCH; the API applies the create rules again.
 */
function EditPostForm({ post, zone, onDone }: { post: Post; zone: string; onDone: () => void }) {
  const accounts = useAccounts();
  const update = useUpdatePost({ onSuccess: onDone });

  if (accounts.isPending) {
    return (
      <Text color="fg.muted" role="status">
        Loading your accounts…
      </Text>
    );
  }
  if (accounts.isError) {
    return (
      <Stack align="center" py="8" gap="3" color="fg.muted" role="alert">
        <LuCircleAlert />
        <Text>Couldn't load your accounts</Text>
        <Button size="sm" variant="outline" onClick={() => void accounts.refetch()} loading={accounts.isRefetching}>
          Try again
        </Button>
      </Stack>
    );
  }
  return (
    <ComposeForm
      accounts={accounts.data.filter((a) => a.is_connected)}
      zone={zone}
      edit={{ post, saving: update.isPending, onSubmit: (body) => update.mutate({ id: post.id, body: { ...body, media_ids: body.media_ids ?? [] } }) }}
    />
  );
}

/** Edit a scheduled post or a draft with the same form as Compose. */
export function EditPostDialog({ post, zone, open, onOpenChange }: EditPostDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      lazyMount
      unmountOnExit
      // Exact breakpoints: with `base: 'full'` the full-screen size leaked into md and up, so the
      // dialog filled the window's height with a gap above its buttons (issue 17.15). The Compose
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
              <EditPostForm post={post} zone={zone} onDone={() => onOpenChange(false)} />
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
