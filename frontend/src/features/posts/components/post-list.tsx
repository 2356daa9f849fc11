import { Button, Card, Center, Flex, Skeleton, SkeletonText, Stack, Text } from '@chakra-ui/react';
import { LuInbox } from 'react-icons/lu';
import type { Post } from '@shared/posts';
import type { PostTabId } from '@shared/statuses';
import { LoadError } from '@/components/load-error';
import { usePosts } from '../api/get-posts';
import { useUserTimezone } from '../hooks/use-user-timezone';
import { PostCard } from './post-card';

function LoadingPosts() {
  return (
    <Stack gap="3" role="status" aria-live="polite">
      <Text textStyle="sm" color="fg.muted">
        Loading posts...
      </Text>
      {[0, 1, 2].map((i) => (
        <Card.Root key={i} variant="outline" rounded="xl" aria-hidden>
          <Card.Body>
            <Flex gap="5">
              <Skeleton boxSize={{ base: '20', md: '28' }} rounded="lg" />
              <Stack flex="1" gap="3">
                <Skeleton h="5" w="40%" />
                <SkeletonText noOfLines={2} />
                <Skeleton h="4" w="30%" />
              </Stack>
            </Flex>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

/** Pages can overlap when posts move between refreshes; a post is shown once. */
function uniqueById(posts: Post[]): Post[] {
  return [...new Map(posts.map((p) => [p.id, p])).values()];
}

/** One tab's posts, a page at a time ("Load more" follows the server's cursor). */
export function PostList({
  tab,
  empty,
  clientId = '',
  linkedPostId = null,
}: {
  tab: PostTabId;
  empty: string;
  clientId?: string;
  linkedPostId?: string | null;
}) {
  const { zone, ready } = useUserTimezone();
  const query = usePosts(tab, clientId);

  if (query.isPending || !ready) return <LoadingPosts />;
  if (query.isError) {
    return <LoadError message="Couldn't load your posts" onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  }

  const posts = uniqueById(query.data.pages.flatMap((page) => page.items));
  if (posts.length === 0) {
    return (
      <Card.Root variant="outline" rounded="xl" borderStyle="dashed" bg="bg.panel">
        <Card.Body py="14">
          <Center flexDirection="column" gap="3" color="fg.muted">
            <LuInbox size="28" aria-hidden />
            <Text fontWeight="medium">{empty}</Text>
          </Center>
        </Card.Body>
      </Card.Root>
    );
  }

  return (
    <Stack gap="3">
      {posts.map((post) => (
        <PostCard key={post.id} post={post} zone={zone} linked={post.id === linkedPostId} />
      ))}
      {query.hasNextPage ? (
        <Center pt="2">
          <Button variant="outline" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} loadingText="Loading...">
            Load more
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
