import { Center, Spinner } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { PostsPage } from '@/features/posts/components/posts-page';

// Compose's form (~140 KB) loads when a post is first edited, not with the list.
const EditPostForm = lazy(() => import('@/features/compose/components/edit-post-form').then((module) => ({ default: module.EditPostForm })));

export default function PostsRoute() {
  return (
    <PostsPage
      renderEditor={(props) => (
        <Suspense
          fallback={
            <Center py="10">
              <Spinner aria-label="Loading the editor" />
            </Center>
          }
        >
          <EditPostForm {...props} />
        </Suspense>
      )}
    />
  );
}
