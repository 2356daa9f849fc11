import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { LuClock } from 'react-icons/lu';
import { PLATFORM_NAMES } from '@shared/platforms';
import type { Post } from '@shared/posts';
import { postStatusLabel, postStatusColor } from '@shared/statuses';
import { paths } from '@/config/paths';
import { PlatformIcon } from '@/components/platform-icon';
import { DISPLAY_FORMATS, formatInZone } from '@/lib/time';
import { BlurredThumbnail } from './blurred-thumbnail';
import { captionPreview } from '../utils/caption-preview';
import { DashboardSection, EmptySection } from './dashboard-section';

function PlatformIcons({ post }: { post: Post }) {
  const platforms = [...new Set(post.platforms.map((t) => t.platform))];
  return (
    <HStack gap="1.5" color="fg.muted">
      {platforms.map((platform) => (
        <Box as="span" key={platform} role="img" aria-label={PLATFORM_NAMES[platform]} title={PLATFORM_NAMES[platform]} display="inline-flex">
          <PlatformIcon platform={platform} />
        </Box>
      ))}
    </HStack>
  );
}

interface SectionProps {
  posts: Post[] | undefined;
  zone: string;
  loading: boolean;
  error: boolean;
}

/** Up to 5 upcoming posts, soonest first, with their time in the user's timezone. */
export function NextScheduledPosts({ posts, zone, loading, error }: SectionProps) {
  const upcoming = (posts ?? []).filter((p) => p.scheduled_at);
  return (
    <DashboardSection title="Next Scheduled Posts" to={paths.app.schedule.getHref()} loading={loading} error={error} rows={3}>
      {upcoming.length === 0 ? (
        <EmptySection text="No scheduled posts yet" />
      ) : (
        <Stack as="ul" gap="1" listStyleType="none">
          {upcoming.map((post) => (
            <HStack as="li" key={post.id} gap="3" py="2" align="center" data-testid="upcoming-post">
              <BlurredThumbnail media={post.media} />
              <Stack gap="1" flex="1" minW="0">
                <Text textStyle="sm" fontWeight="medium" lineClamp={2} wordBreak="break-word">
                  {captionPreview(post)}
                </Text>
                <HStack gap="3" textStyle="xs" color="fg.muted" wrap="wrap">
                  <PlatformIcons post={post} />
                  <HStack gap="1">
                    <LuClock aria-hidden />
                    <Text as="span">{formatInZone(post.scheduled_at!, zone, DISPLAY_FORMATS.scheduled)}</Text>
                  </HStack>
                </HStack>
              </Stack>
              <Badge colorPalette={postStatusColor(post.status)} variant="subtle" flexShrink={0}>
                {postStatusLabel(post.status)}
              </Badge>
            </HStack>
          ))}
        </Stack>
      )}
    </DashboardSection>
  );
}
