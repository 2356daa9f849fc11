import type { SocialAccount } from '@shared/accounts';
import { supportsFirstComment } from '@shared/follow-ups';
import type { Platform } from '@shared/platforms';
import type { ComposeDraft } from '../lib/build-post';
import { FirstCommentField } from './first-comment-field';
import { ThreadParts } from './thread-parts';

interface FollowUpFieldsProps {
  platform: Platform;
  draft: ComposeDraft;
  patch: (change: Partial<ComposeDraft>) => void;
  /** The platform's connected accounts; the API marks a grant without the comment permission `first_comment: 'reconnect'`. */
  accounts: readonly (SocialAccount & { first_comment?: 'ready' | 'reconnect' })[];
}

/** Under a platform's caption: X's thread parts, then the first comment where the platform has one. */
export function FollowUpFields({ platform, draft, patch, accounts }: FollowUpFieldsProps) {
  const checked = draft.accountIds[platform] ?? [];
  const needsReconnect = accounts.some((a) => checked.includes(a.id) && a.first_comment === 'reconnect');
  return (
    <>
      {platform === 'x' ? <ThreadParts parts={draft.threadParts ?? []} onChange={(threadParts) => patch({ threadParts })} /> : null}
      {supportsFirstComment(platform) ? (
        <FirstCommentField
          platform={platform}
          value={draft.firstComments?.[platform] ?? ''}
          onChange={(value) => patch({ firstComments: { ...draft.firstComments, [platform]: value } })}
          needsReconnect={needsReconnect}
        />
      ) : null}
    </>
  );
}
