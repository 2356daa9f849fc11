import { Box, Circle, HStack, Stack, Text } from '@chakra-ui/react';
import { LuCircleCheck } from 'react-icons/lu';
import { PLATFORM_NAMES } from '@shared/platforms';
import type { Post } from '@shared/posts';
import { paths } from '@/config/paths';
import { DISPLAY_FORMATS, formatInZone } from '@/lib/time';
import { captionPreview } from '../utils/caption-preview';
import { DashboardSection, EmptySection } from './dashboard-section';

function platformNames(post: Post): string {
  return [...new Set(post.platforms.map((t) => PLATFORM_NAMES[t.platform]))].join(', ');
}

function publishedAt(post: Post): string | null {
  return post.published_at ?? post.platforms.find((t) => t.posted_at)?.posted_at ?? null;
}

interface SectionProps {
  posts: Post[] | undefined;
  zone: string;
  loading: boolean;
  error: boolean;
}

/** The 3 newest published posts, with where and when they went out. */
export function RecentlyPublished({ posts, zone, loading, error }: SectionProps) {
  const recent = posts ?? [];
  const postsHref = `${paths.app.posts.getHref()}?tab=posted`;
  return (
    <DashboardSection title="Recently Published" to={postsHref} loading={loading} error={error} rows={3}>
      {recent.length === 0 ? (
        <EmptySection text="No published posts yet" />
      ) : (
        <Stack as="ul" gap="1" listStyleType="none">
          {recent.map((post) => (
            <HStack as="li" key={post.id} gap="3" py="2" data-testid="recent-post">
              <Circle size="10" bg="green.subtle" color="green.fg" flexShrink={0} aria-hidden>
                <LuCircleCheck />
              </Circle>
              <Stack gap="0.5" flex="1" minW="0">
                <Text textStyle="sm" fontWeight="medium" lineClamp={1} wordBreak="break-word">
                  {captionPreview(post)}
                </Text>
                <Text textStyle="xs" color="fg.muted">
                  {platformNames(post)}
                </Text>
              </Stack>
              <Box textStyle="xs" color="fg.muted" flexShrink={0}>
                {publishedAt(post) ? formatInZone(publishedAt(post)!, zone, DISPLAY_FORMATS.published) : null}
              </Box>
            </HStack>
          ))}
        </Stack>
      )}
    </DashboardSection>
  );
}
