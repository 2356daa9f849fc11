import { Badge, Box, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LuCalendarX2 } from 'react-icons/lu';
import type { Post } from '@shared/posts';
import { PLATFORM_NAMES } from '@shared/platforms';
import { postStatusLabel, postStatusColor } from '@shared/statuses';
import { PlatformIcon } from '@/components/platform-icon';
import { DISPLAY_FORMATS, formatInZone } from '@/lib/time';
import { formatDay, type CalendarDay } from '../utils/calendar-dates';
import { firstCaption } from '../utils/post-text';
import { useDraggablePost } from './drag-and-drop';

/** docs/product-rules.md#schedule-calendar: the selected day's posts with time, platform badges, first caption (2 lines) and status. */
export function DayPanel({ day, posts, zone }: { day: CalendarDay; posts: Post[]; zone: string }) {
  return (
    <Card.Root as="section" variant="outline" bg="bg.panel" rounded="xl" aria-label="Selected day" data-testid="day-panel">
      <Card.Header pb="2">
        <HStack justify="space-between" align="baseline">
          <Heading as="h2" size="md">
            {formatDay(day, 'EEEE, MMMM d')}
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            {posts.length} {posts.length === 1 ? 'post' : 'posts'}
          </Text>
        </HStack>
      </Card.Header>
      <Card.Body pt="2">
        {posts.length === 0 ? (
          <Stack align="center" textAlign="center" py="8" gap="2" color="fg.muted">
            <Box fontSize="2xl" color="fg.subtle" aria-hidden>
              <LuCalendarX2 />
            </Box>
            <Text textStyle="sm">No posts scheduled for this date</Text>
          </Stack>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none">
            {posts.map((post) => (
              <DayPanelEntry key={post.id} post={post} zone={zone} />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function DayPanelEntry({ post, zone }: { post: Post; zone: string }) {
  const drag = useDraggablePost(post.id, post.status === 'scheduled');
  return (
    <Box
      as="li"
      {...drag.props}
      data-testid={`day-post-${post.id}`}
      borderWidth="1px"
      rounded="lg"
      p="3"
      bg="bg"
      cursor={drag.draggable ? 'grab' : 'default'}
      opacity={drag.isDragging ? 0.5 : 1}
      _hover={{ borderColor: 'border.emphasized' }}
    >
      <Stack gap="2">
        <HStack justify="space-between" gap="2">
          <Text fontWeight="semibold" textStyle="sm">
            {post.scheduled_at ? formatInZone(post.scheduled_at, zone, DISPLAY_FORMATS.calendar) : ''}
          </Text>
          <Badge colorPalette={postStatusColor(post.status)} variant="subtle">
            {postStatusLabel(post.status)}
          </Badge>
        </HStack>
        <HStack gap="1.5" wrap="wrap">
          {post.platforms.map((target) => (
            // The account, not the platform: two Pages of one post read "Facebook Facebook".
            <Badge key={target.id} variant="outline" size="sm" gap="1" maxW="full" title={`${target.account_name} on ${PLATFORM_NAMES[target.platform]}`}>
              <PlatformIcon platform={target.platform} />
              <Text as="span" truncate>
                {target.account_name}
              </Text>
            </Badge>
          ))}
        </HStack>
        <Text textStyle="sm" color="fg.muted" lineClamp={2} wordBreak="break-word">
          {firstCaption(post)}
        </Text>
      </Stack>
    </Box>
  );
}
