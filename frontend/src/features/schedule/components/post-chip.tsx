import { Box, HStack, Text } from '@chakra-ui/react';
import { LuCircleCheck, LuRepeat } from 'react-icons/lu';
import type { Post } from '@shared/posts';
import { postStatusColor } from '@shared/statuses';
import { PlatformIcon } from '@/components/platform-icon';
import { DISPLAY_FORMATS, formatInZone } from '@/lib/time';
import { firstCaption } from '../utils/post-text';
import { useDraggablePost } from './drag-and-drop';

/**
 * A post inside a calendar cell: time, platforms and (when there is room) its caption. Scheduled posts
 * drag; published ones are marked with a check (and green). The chip never draws outside its cell:
 * in a narrow week column its icons wrap under the time instead of spilling into the next day.
 */
export function PostChip({ post, zone, showCaption = false }: { post: Post; zone: string; showCaption?: boolean }) {
  const drag = useDraggablePost(post.id, post.status === 'scheduled');
  const time = post.scheduled_at ? formatInZone(post.scheduled_at, zone, DISPLAY_FORMATS.calendar) : '';
  const palette = postStatusColor(post.status);
  const posted = post.status === 'posted';

  return (
    <Box
      {...drag.props}
      data-testid={`post-chip-${post.id}`}
      colorPalette={palette}
      bg="colorPalette.subtle"
      color="colorPalette.fg"
      borderStartWidth="3px"
      borderStartColor="colorPalette.solid"
      rounded="md"
      px="1.5"
      py="0.5"
      textStyle="xs"
      cursor={drag.draggable ? 'grab' : 'default'}
      opacity={drag.isDragging ? 0.5 : 1}
      title={drag.draggable ? 'Drag to reschedule' : posted ? 'Posted' : undefined}
      data-status={post.status}
      minW="0"
      overflow="hidden"
    >
      <HStack gap="1" minW="0" wrap="wrap" rowGap="0.5">
        <Text fontWeight="semibold" flexShrink={0}>
          {time}
        </Text>
        {/* The check rides with the icons, so the time keeps its room in a narrow week column. */}
        {posted ? <LuCircleCheck aria-label="Posted" /> : null}
        {post.series ? <LuRepeat aria-label={post.series.detached ? 'Edited occurrence of a recurring post' : 'Recurring post'} /> : null}
        <HStack gap="0.5" flexShrink={0} wrap="wrap" aria-hidden>
          {post.platforms.map((target) => (
            <PlatformIcon key={target.id} platform={target.platform} />
          ))}
        </HStack>
        {showCaption ? (
          <Text truncate color="fg" minW="0">
            {firstCaption(post)}
          </Text>
        ) : null}
      </HStack>
    </Box>
  );
}
