import { Box, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { LuCircleCheck, LuExternalLink, LuMessageCircle, LuTriangleAlert } from 'react-icons/lu';
import { FOLLOW_UP_MESSAGES } from '@shared/follow-up-rules';
import { PLATFORM_NAMES } from '@shared/platforms';
import type { PostTargetView } from '@shared/posts';

/** Each target's first comment and thread outcome: posted with a link, or failed with the reason. */
export function FollowUpsOutcome({ targets }: { targets: readonly PostTargetView[] }) {
  const withFollowUps = targets.filter((t) => t.follow_ups?.first_comment || t.follow_ups?.thread);
  if (withFollowUps.length === 0) return null;
  return (
    <Stack gap="1" textStyle="sm" data-testid="follow-ups">
      {withFollowUps.map((target) => {
        const { first_comment: comment, thread } = target.follow_ups!;
        const name = PLATFORM_NAMES[target.platform];
        return (
          <Stack key={target.id} gap="1">
            {thread ? (
              <HStack gap="1.5" align="flex-start" color={thread.failed_part ? 'fg.error' : 'fg.muted'} data-testid={`thread-outcome-${target.platform}`}>
                <Box mt="1" flexShrink={0} aria-hidden>
                  {thread.failed_part ? <LuTriangleAlert /> : <LuCircleCheck />}
                </Box>
                <HStack gap="1.5" wrap="wrap" minW="0">
                  <Text>
                    {thread.failed_part
                      ? FOLLOW_UP_MESSAGES.threadStopped(thread.posted, thread.total, thread.failed_part, thread.error ?? 'unknown error')
                      : `Thread on ${name}: ${thread.posted} of ${thread.total} parts posted`}
                  </Text>
                  {thread.urls.map((url, i) => (
                    <Link key={url + i} href={url} target="_blank" rel="noopener noreferrer" color="brand.fg">
                      Part {i + 1}
                    </Link>
                  ))}
                </HStack>
              </HStack>
            ) : null}
            {comment ? (
              <HStack
                gap="1.5"
                align="flex-start"
                color={comment.status === 'failed' ? 'fg.error' : 'fg.muted'}
                data-testid={`first-comment-outcome-${target.platform}`}
              >
                <Box mt="1" flexShrink={0} aria-hidden>
                  {comment.status === 'failed' ? <LuTriangleAlert /> : <LuMessageCircle />}
                </Box>
                {comment.status === 'posted' ? (
                  <Text>
                    First comment posted on {name}
                    {comment.url ? (
                      <>
                        {' '}
                        <Link href={comment.url} target="_blank" rel="noopener noreferrer" color="brand.fg">
                          View comment <LuExternalLink aria-hidden />
                        </Link>
                      </>
                    ) : null}
                  </Text>
                ) : (
                  <Text>
                    First comment on {name} failed: {comment.error}
                  </Text>
                )}
              </HStack>
            ) : null}
          </Stack>
        );
      })}
    </Stack>
  );
}
