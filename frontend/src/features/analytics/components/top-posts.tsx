import { Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuExternalLink } from 'react-icons/lu';
import type { TopPost } from '@shared/analytics';
import { PLATFORM_NAMES } from '@shared/platforms';
import { PlatformIcon } from '@/components/platform-icon';
import { formatCount } from '@/lib/number-format';
import { DISPLAY_FORMATS, formatInZone } from '@/lib/time';
import { PostPanel } from './post-panel-deferred';
import { Section } from './section';

/** "1,234 views", the number in bold. */
function Count({ value, unit }: { value: number; unit: string }) {
  return (
    <Text>
      <Text as="span" fontWeight="semibold">
        {formatCount(value)}
      </Text>{' '}
      {unit}
    </Text>
  );
}

interface TopPostsProps {
  posts: TopPost[];
  zone: string;
  /** The per-post panel is in the plan (Basic and up). */
  withHistory: boolean;
}

/** The period's posts with the most engagements (Basic and up); each opens its metrics over time. */
export function TopPosts({ posts, zone, withHistory }: TopPostsProps) {
  const [open, setOpen] = useState<TopPost | null>(null);
  return (
    <Section title="Top posts" description="By engagements in the period." testId="top-posts">
      {posts.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          No posts with numbers yet.
        </Text>
      ) : (
        <Stack as="ol" gap="0" listStyleType="none" divideY="1px" divideColor="border.muted">
          {posts.map((post) => (
            <HStack as="li" key={`${post.post_id}-${post.platform}`} gap="3" py="3" wrap={{ base: 'wrap', md: 'nowrap' }} data-testid="top-post">
              <Stack gap="0.5" flex="1" minW="0" flexBasis={{ base: 'full', md: 'auto' }}>
                <Text lineClamp={1} fontWeight="medium" wordBreak="break-word">
                  {post.caption || '(No caption)'}
                </Text>
                <HStack gap="1.5" textStyle="xs" color="fg.muted">
                  <PlatformIcon platform={post.platform} />
                  <Text>
                    {PLATFORM_NAMES[post.platform]} · {formatInZone(post.published_at, zone, DISPLAY_FORMATS.published)}
                  </Text>
                  {post.post_url ? (
                    <Link href={post.post_url} target="_blank" rel="noopener noreferrer" color="brand.fg">
                      <LuExternalLink aria-hidden />
                      <Text as="span" srOnly>
                        View on {PLATFORM_NAMES[post.platform]}
                      </Text>
                    </Link>
                  ) : null}
                </HStack>
              </Stack>
              <HStack gap="4" textStyle="sm" flexShrink={0}>
                <Count value={post.views} unit="views" />
                <Count value={post.engagements} unit="engagements" />
                {withHistory ? (
                  <Button
                    size="xs"
                    variant="outline"
                    onClick={() => setOpen(post)}
                    aria-label={`Details: metrics over time of ${post.caption.slice(0, 40) || 'the post'} on ${PLATFORM_NAMES[post.platform]}`}
                  >
                    Details
                  </Button>
                ) : null}
              </HStack>
            </HStack>
          ))}
        </Stack>
      )}
      <PostPanel postId={open?.post_id ?? null} caption={open?.caption ?? ''} zone={zone} onClose={() => setOpen(null)} />
    </Section>
  );
}
