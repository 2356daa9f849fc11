import { Button, Dialog, Field, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { REVIEW_COMMENT_MAX } from '@shared/approval-rules';
import type { Post } from '@shared/posts';
import { TitledDialog } from '@/components/titled-dialog';
import { useRequestChanges } from '../api/approvals';

export interface RequestChangesDialogProps {
  post: Post;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** An Editor sends a waiting post back to its author as a draft, with a comment (docs/approvals.md). */
export function RequestChangesDialog({ post, open, onOpenChange }: RequestChangesDialogProps) {
  const [comment, setComment] = useState('');
  const sendBack = useRequestChanges(() => {
    onOpenChange(false);
    setComment('');
  });
  const empty = comment.trim().length === 0;
  return (
    <TitledDialog title="Request changes" open={open} onOpenChange={onOpenChange}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!empty) sendBack.mutate({ id: post.id, version: post.version, comment });
        }}
      >
        <Dialog.Body>
          <Field.Root required invalid={comment.length > REVIEW_COMMENT_MAX}>
            <Field.Label>What should change?</Field.Label>
            <Textarea value={comment} onChange={(e) => setComment(e.target.value)} rows={4} maxLength={REVIEW_COMMENT_MAX} autoFocus />
            <Field.HelperText>The post goes back to its author as a draft, with your comment.</Field.HelperText>
          </Field.Root>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={sendBack.isPending} disabled={empty}>
            Send back
          </Button>
        </Dialog.Footer>
      </form>
    </TitledDialog>
  );
}
