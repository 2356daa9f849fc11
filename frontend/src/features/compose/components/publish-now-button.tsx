import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { LuSend } from 'react-icons/lu';
import type { SocialAccount } from '@shared/accounts';
import type { CreatePostBody } from '@shared/post-bodies';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toaster } from '@/components/ui/toaster';
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
 * Compose's "Publish now" (issue 16.1), beside Schedule / Save Draft. A post that goes out at once
 * cannot be taken back, so a dialog names every account first; confirming sends it through the same
 * engine as a scheduled post, and its outcome arrives on the card and in the notifications.
 */
export function PublishNowButton({ accounts, prepare, disabled, onPublished, onError }: PublishNowButtonProps) {
  const [confirming, setConfirming] = useState<CreatePostBody | null>(null);
  const publish = usePublishNow();
  const names = confirming ? accountsOf(confirming, accounts) : '';

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
        onClick={() => setConfirming(prepare())}
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
        onConfirm={() =>
          confirming &&
          publish.mutate(confirming, {
            onSuccess: () => {
              toaster.success({ title: 'Publishing now', description: `Sending to ${names}.` });
              onPublished();
            },
            onError,
            onSettled: () => setConfirming(null),
          })
        }
      />
    </>
  );
}
