import { EditPostForm } from '@/features/compose/components/edit-post-form';
import { PostsPage } from '@/features/posts/components/posts-page';

export default function PostsRoute() {
  return <PostsPage renderEditor={(props) => <EditPostForm {...props} />} />;
}
