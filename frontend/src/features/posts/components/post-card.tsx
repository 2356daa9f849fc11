import { Badge, Box, Button, Card, Flex, HStack, IconButton, Link, Stack, Text, Wrap } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuCalendarClock, LuCircleCheck, LuExternalLink, LuPencil, LuRotateCw, LuTrash2, LuTriangleAlert } from 'react-icons/lu';
import { PLATFORM_NAMES } from '@shared/platforms';
import type { TargetIssue } from '@shared/connection-health';
import type { Post, PostTargetView } from '@shared/posts';
import { EDITABLE_STATUSES, postStatusColor, postStatusLabel } from '@shared/statuses';
import { PlatformIcon } from '@/components/platform-icon';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RepeatBadge, SeriesLine } from '@/components/series/repeat-badge';
import { ScopeDialog } from '@/components/series/scope-dialog';
import { useDeleteInSeries } from '@/components/series/use-series-mutations';
import { useNeedsApproval } from '@/lib/api/approvals';
import { useCurrentWorkspace } from '@/lib/api/workspaces';
import { DISPLAY_FORMATS, formatInZone } from '@/lib/time';
import { useDeletePost } from '../api/delete-post';
import { failedTargetNames, useRetryPost } from '../api/retry-post';
import { ApprovalButtons, ReviewComment, TIME_PASSED_NOTE, timePassed } from './approval-actions';
import { ClientReviewBadge, ClientReviewComment } from './client-review';
import { ConnectionIssues } from './connection-issues';
import { DuplicatePostButton, PublishDraftButton } from './post-actions';
import { PostThumbnail } from './post-thumbnail';
import { FollowUpsOutcome } from './follow-ups-outcome';
import { TargetMetrics } from './target-metrics';
import { EditPostDialog } from './edit-post-dialog-deferred';

/** "Published on: Jul 1" for posted posts, otherwise "Scheduled for: Jul 1, 9:00 AM" (docs/product-rules.md#posts-list). */
function whenText(post: Post, zone: string): string {
  if (post.status === 'posted') {
    const published = post.published_at ?? post.platforms.find((t) => t.posted_at)?.posted_at ?? null;
    return `Published on: ${published ? formatInZone(published, zone, DISPLAY_FORMATS.published) : 'Unknown'}`;
  }
  if (post.status === 'pending_approval')
    return `Requested for: ${post.scheduled_at ? formatInZone(post.scheduled_at, zone, DISPLAY_FORMATS.scheduled) : 'Not scheduled'}`;
  return `Scheduled for: ${post.scheduled_at ? formatInZone(post.scheduled_at, zone, DISPLAY_FORMATS.scheduled) : 'Not scheduled'}`;
}

/** Names the post by its caption, so the user knows which one goes. */
function deleteTitle(caption: string): string {
  const words = caption.trim().replace(/\s+/g, ' ');
  if (!words) return 'Delete this post without a caption?';
  return `Delete the post "${words.length > 40 ? `${words.slice(0, 40).trimEnd()}…` : words}"?`;
}

/** What deleting changes, which depends on where the post is in its life. */
function deleteConsequence(post: Post): string {
  const where = [...new Set(post.platforms.map((t) => PLATFORM_NAMES[t.platform]))].join(', ');
  if (post.status === 'posted') return `It stays on ${where}; only its record here and its media are removed. This can't be undone.`;
  if (post.status === 'draft' || post.status === 'failed') return "The post and its media are removed. This can't be undone.";
  return `It will not be published to ${where}, and its media are removed. This can't be undone.`;
}

/** "View on Instagram (@acme)": several links on one card must say which post each opens. */
function viewPostText(target: Pick<PostTargetView, 'platform' | 'account_name'>): string {
  return `View on ${PLATFORM_NAMES[target.platform]} (${target.account_name})`;
}

/** `connection_issues`: the Posts list's flags of accounts that cannot publish at the post's time. */
export function PostCard({ post, zone, linked = false }: { post: Post & { connection_issues?: TargetIssue[] }; zone: string; linked?: boolean }) {
  const [editing, setEditing] = useState(false);
  // The post a notice or an e-mail links to: brought into view and outlined.
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (linked) card.current?.scrollIntoView?.({ block: 'center' });
  }, [linked]);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const deletion = useDeletePost();
  const retry = useRetryPost();
  // A failed post goes out again to its failed platforms only; the label names them.
  const retryable = post.status === 'failed' && post.platforms.some((t) => t.status === 'failed');
  const caption = post.platforms[0]?.caption ?? '';
  const asksApproval = useNeedsApproval();
  const { can } = useCurrentWorkspace();
  // A scheduled post is changed only by someone who schedules directly (the server says the same).
  const editable = EDITABLE_STATUSES.includes(post.status) && !(asksApproval && post.status === 'scheduled');
  const published = post.platforms.filter((t) => t.post_url);
  // An occurrence of a recurring post asks "this one or all following" (docs/recurring-posts.md).
  const inSeries = post.series && !post.series.detached ? post.series : null;
  const seriesDeletion = useDeleteInSeries({ onSettled: () => setConfirmingDelete(false) });

  return (
    <Card.Root
      ref={card}
      as="article"
      variant="outline"
      bg="bg.panel"
      rounded="xl"
      data-testid="post-card"
      data-linked={linked ? 'true' : undefined}
      borderColor={linked ? 'brand.solid' : undefined}
      borderWidth={linked ? '2px' : undefined}
    >
      <Card.Body p={{ base: '4', md: '5' }}>
        <Flex gap={{ base: '3', md: '5' }} align="flex-start">
          <PostThumbnail media={post.media} />
          <Stack gap="2.5" flex="1" minW="0">
            <Flex gap="2" align="flex-start" justify="space-between">
              <Wrap gap="1.5" align="center" minW="0">
                <Badge colorPalette={postStatusColor(post.status)} variant="subtle" data-testid="post-status">
                  {postStatusLabel(post.status)}
                </Badge>
                <RepeatBadge series={post.series} />
                <ClientReviewBadge review={post.client_review} />
                {post.platforms.map((target) => {
                  const badge = (
                    <>
                      <PlatformIcon platform={target.platform} />
                      <Text as="span" truncate>
                        {target.account_name}
                      </Text>
                    </>
                  );
                  const title = `${target.account_name} on ${PLATFORM_NAMES[target.platform]}`;
                  // The API says where the profile lives (the sandbox's on the local cloud); none, no link.
                  return target.profile_url ? (
                    <Badge key={target.id} asChild variant="outline" size="md" maxW="full" _hover={{ bg: 'bg.muted' }}>
                      <a href={target.profile_url} target="_blank" rel="noopener noreferrer" title={title}>
                        {badge}
                      </a>
                    </Badge>
                  ) : (
                    <Badge key={target.id} variant="outline" size="md" maxW="full" title={title}>
                      {badge}
                    </Badge>
                  );
                })}
              </Wrap>
              <HStack gap="1" flexShrink={0}>
                {editable ? (
                  <IconButton aria-label="Edit post" size="sm" variant="ghost" onClick={() => setEditing(true)}>
                    <LuPencil />
                  </IconButton>
                ) : null}
                <DuplicatePostButton post={post} zone={zone} />
                <IconButton
                  aria-label="Delete post"
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  loading={deletion.isPending}
                  onClick={() => setConfirmingDelete(true)}
                >
                  <LuTrash2 />
                </IconButton>
              </HStack>
            </Flex>

            <Text lineClamp={3} whiteSpace="pre-line" color={caption ? 'fg' : 'fg.muted'} data-testid="post-caption">
              {caption || '(No caption)'}
            </Text>

            <Flex gap="3" wrap="wrap" align="center" textStyle="sm" color="fg.muted">
              <HStack gap="1.5">
                {post.status === 'posted' ? <LuCircleCheck aria-hidden /> : <LuCalendarClock aria-hidden />}
                <Text>{whenText(post, zone)}</Text>
              </HStack>
              {published.map((target) => (
                <Link key={target.id} href={target.post_url!} target="_blank" rel="noopener noreferrer" color="brand.fg">
                  {viewPostText(target)} <LuExternalLink aria-hidden />
                </Link>
              ))}
            </Flex>

            <SeriesLine series={post.series} />
            <TargetMetrics targets={post.platforms} />
            <FollowUpsOutcome targets={post.platforms} />

            {post.error_message ? (
              <HStack gap="1.5" align="flex-start" color="fg.error" textStyle="sm" data-testid="post-error">
                <Box mt="0.5" aria-hidden>
                  <LuTriangleAlert />
                </Box>
                <Text>{post.error_message}</Text>
              </HStack>
            ) : null}
            {timePassed(post) ? (
              <HStack gap="1.5" align="flex-start" color="fg.error" textStyle="sm" data-testid="post-time-passed">
                <Box mt="0.5" aria-hidden>
                  <LuTriangleAlert />
                </Box>
                <Text>{TIME_PASSED_NOTE}</Text>
              </HStack>
            ) : null}
            {post.status === 'draft' && post.review_comment ? <ReviewComment comment={post.review_comment} /> : null}
            <ClientReviewComment post={post} />
            <ConnectionIssues issues={post.connection_issues} />
            {retryable ? (
              <Box>
                <Button
                  size="sm"
                  variant="outline"
                  loading={retry.isPending}
                  onClick={() => retry.mutate({ post })}
                  whiteSpace="normal"
                  h="auto"
                  minH="8"
                  py="1.5"
                  textAlign="start"
                >
                  <LuRotateCw aria-hidden />
                  Retry failed platforms: {failedTargetNames(post)}
                </Button>
              </Box>
            ) : null}
            {post.status === 'draft' && !asksApproval ? <PublishDraftButton post={post} /> : null}
            {post.status === 'pending_approval' && can('editor') ? <ApprovalButtons post={post} /> : null}
          </Stack>
        </Flex>
      </Card.Body>
      {editable ? <EditPostDialog post={post} zone={zone} open={editing} onOpenChange={setEditing} /> : null}
      <ScopeDialog
        open={confirmingDelete && !!inSeries}
        onOpenChange={setConfirmingDelete}
        action="delete"
        pending={seriesDeletion.isPending}
        onConfirm={(scope) => inSeries && seriesDeletion.mutate({ seriesId: inSeries.id, postId: post.id, scope })}
      />
      <ConfirmDialog
        open={confirmingDelete && !inSeries}
        onOpenChange={setConfirmingDelete}
        title={deleteTitle(caption)}
        description={deleteConsequence(post)}
        confirmLabel="Delete Post"
        pending={deletion.isPending}
        onConfirm={() => deletion.mutate(post.id, { onSettled: () => setConfirmingDelete(false) })}
      />
    </Card.Root>
  );
}
