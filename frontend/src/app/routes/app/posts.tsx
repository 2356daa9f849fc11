import { PostsPage } from '@/features/posts/components/posts-page';

export default function PostsRoute() {
  return <PostsPage />;
}
