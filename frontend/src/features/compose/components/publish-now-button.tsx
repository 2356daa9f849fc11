import { Button } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LuSend } from 'react-icons/lu';
import type { SocialAccount } from '@shared/accounts';
import type { CreatePostBody } from '@shared/post-bodies';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toaster } from '@/components/ui/toaster';
import { newIdempotencyKey } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { targetNames } from '@/lib/target-names';
import { usePublishNow } from '../api/publish-now';

interface PublishNowButtonProps {
  accounts: readonly SocialAccount[];
  /** The checked post to send (the compose rules passed), or null after the form said what stops it. */
  prepare: () => CreatePostBody | null;
  disabled: boolean;
  onPublished: () => void;
  onError: (error: Error) => void;
}

/** The accounts a body goes to, named as the cards name them. */
function accountsOf(body: CreatePostBody, accounts: readonly SocialAccount[]): string {
  return targetNames(
    body.platforms.map((t) => ({ platform: t.platform, account_name: accounts.find((a) => a.id === t.social_account_id)?.account_name ?? t.platform })),
  );
}

/**
 * Compose's "Publish now", beside Schedule / Save Draft. A post that goes out at once
 * cannot be taken back, so a dialog names every account first; confirming sends it through the same
 * engine as a scheduled post, and its outcome arrives on the card and in the notifications.
 */
export function PublishNowButton({ accounts, prepare, disabled, onPublished, onError }: PublishNowButtonProps) {
  // One idempotency key per opening of the dialog: every send of this confirmation carries it, so the
  // API makes one post however often it arrives (docs/idempotency.md).
  const [confirming, setConfirming] = useState<{ body: CreatePostBody; idempotencyKey: string } | null>(null);
  // A second click can land before React re-renders the button as pending; this ref is set at once.
  const sending = useRef(false);
  // A send whose answer never arrived (the network dropped it) may still have made the post: sending
  // the same post again reuses its key, so the API answers with that post instead of making another.
  const unanswered = useRef<{ body: string; idempotencyKey: string } | null>(null);
  const publish = usePublishNow();
  const names = confirming ? accountsOf(confirming.body, accounts) : '';
  const open = () => {
    const body = prepare();
    if (!body) return setConfirming(null);
    const retry = unanswered.current?.body === JSON.stringify(body) ? unanswered.current : null;
    setConfirming({ body, idempotencyKey: retry?.idempotencyKey ?? newIdempotencyKey() });
  };
  const confirm = () => {
    if (!confirming || sending.current) return;
    sending.current = true;
    publish.mutate(confirming, {
      onSuccess: () => {
        unanswered.current = null;
        toaster.success({ title: 'Publishing now', description: `Sending to ${names}.` });
        onPublished();
      },
      onError: (error) => {
        // Our API's own answer (an ApiError in our shape) was kept under the key; a dropped connection or a
        // gateway's page (HTTP_ERROR, e.g. a timeout while the handler ran on) says nothing of the outcome.
        const answered = error instanceof ApiError && error.code !== 'HTTP_ERROR';
        unanswered.current = answered ? null : { body: JSON.stringify(confirming.body), idempotencyKey: confirming.idempotencyKey };
        onError(error);
      },
      onSettled: () => {
        sending.current = false;
        setConfirming(null);
      },
    });
  };

  return (
    <>
      <Button
        variant="outline"
        colorPalette="brand"
        size="lg"
        w="full"
        disabled={disabled || publish.isPending}
        loading={publish.isPending}
        loadingText="Publishing…"
        onClick={open}
      >
        <LuSend aria-hidden />
        Publish now
      </Button>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title="Publish this post now?"
        description={`It goes out right away to ${names}, and counts as one of this month's posts. Each platform's outcome shows on the post and in your notifications.`}
        confirmLabel="Publish now"
        confirmPalette="brand"
        pending={publish.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
