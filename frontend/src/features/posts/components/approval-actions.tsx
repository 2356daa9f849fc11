import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCircleCheck, LuMessageSquareWarning } from 'react-icons/lu';
import { ACTIVITY_LABELS } from '@shared/approval-rules';
import type { Post } from '@shared/posts';
import { deferred } from '@/components/deferred';
import { DISPLAY_FORMATS, formatInZone } from '@/lib/time';
import { useApprovePost, usePostActivity } from '../api/approvals';
import type { RequestChangesDialogProps } from './request-changes-dialog';

/**
 * Approvals on a post card (docs/approvals.md): Approve and Request changes on a waiting post for
 * Editors and above, the reviewer's comment on a draft sent back, and the post's history.
 */

/** True when a waiting post's time went by before anyone approved it: it was not published. */
export const timePassed = (post: Pick<Post, 'status' | 'scheduled_at'>, now = Date.now()) =>
  post.status === 'pending_approval' && !!post.scheduled_at && Date.parse(post.scheduled_at) <= now;

/** Its form uses Chakra's Dialog parts (the dialog machine): it loads after the page has painted, or when opened. */
const RequestChangesDialog = deferred<RequestChangesDialogProps>(
  () => import('./request-changes-dialog').then((module) => module.RequestChangesDialog),
  () => null,
  (props) => props.open,
);

export const TIME_PASSED_NOTE = 'Not approved before its time, so it was not published. Approve it with a new time, or edit it.';

export function ApprovalButtons({ post }: { post: Post }) {
  const [commenting, setCommenting] = useState(false);
  const approve = useApprovePost();
  return (
    <HStack gap="2" wrap="wrap">
      <Button
        size="sm"
        colorPalette="brand"
        loading={approve.isPending}
        disabled={timePassed(post)}
        onClick={() => approve.mutate({ id: post.id, version: post.version })}
      >
        <LuCircleCheck aria-hidden />
        Approve
      </Button>
      <Button size="sm" variant="outline" onClick={() => setCommenting(true)}>
        <LuMessageSquareWarning aria-hidden />
        Request changes
      </Button>
      <RequestChangesDialog post={post} open={commenting} onOpenChange={setCommenting} />
    </HStack>
  );
}

/** The reviewer's comment on a draft that was sent back. */
export function ReviewComment({ comment }: { comment: string }) {
  return (
    <Box borderWidth="1px" borderColor="border.warning" bg="bg.warning" rounded="md" px="3" py="2" textStyle="sm" data-testid="review-comment">
      <Text fontWeight="medium">Changes requested</Text>
      <Text whiteSpace="pre-line">{comment}</Text>
    </Box>
  );
}

/** Who did what to the post, and when, oldest first. */
export function ActivityTimeline({ postId, zone }: { postId: string; zone: string }) {
  const activity = usePostActivity(postId);
  if (activity.isPending) return null;
  if (activity.isError)
    return (
      <Text textStyle="sm" color="fg.muted">
        The history could not be loaded.
      </Text>
    );
  if (activity.data.items.length === 0) return null;
  return (
    <Stack as="section" aria-label="History" gap="1.5" textStyle="sm" data-testid="post-activity">
      <Text fontWeight="medium">History</Text>
      <Stack as="ol" listStyleType="none" gap="1" ps="0">
        {activity.data.items.map((entry) => (
          <Box as="li" key={entry.id} borderStartWidth="2px" borderColor="border" ps="3">
            <Text>
              {ACTIVITY_LABELS[entry.kind]}
              <Text as="span" color="fg.muted">
                {' · '}
                {entry.client_name ? `${entry.client_name} (client)` : (entry.email ?? 'Schedule & Autopost')} ·{' '}
                {formatInZone(entry.at, zone, DISPLAY_FORMATS.scheduled)}
              </Text>
            </Text>
            {entry.comment ? (
              <Text color="fg.muted" whiteSpace="pre-line">
                “{entry.comment}”
              </Text>
            ) : null}
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
