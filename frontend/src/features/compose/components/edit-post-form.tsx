import { Text } from '@chakra-ui/react';
import type { Post } from '@shared/posts';
import type { CreatePostBody } from '@shared/post-bodies';
import { LoadError } from '@/components/load-error';
import { useConnections } from '@/lib/api/connections';
import { ComposeForm } from './compose-form';

export interface EditPostFormProps {
  post: Post;
  zone: string;
  saving: boolean;
  onSubmit: (body: CreatePostBody) => void;
}

/**
 * The Compose form, started from the saved post: platforms and accounts, captions,
 * media, YouTube title, TikTok settings and schedule can all change. The Posts page's Edit dialog
 * shows it (the app hands it over: features do not import each other) and saves with PATCH.
 */
export function EditPostForm({ post, zone, saving, onSubmit }: EditPostFormProps) {
  const accounts = useConnections();

  if (accounts.isPending) {
    return (
      <Text color="fg.muted" role="status">
        Loading your accounts…
      </Text>
    );
  }
  if (accounts.isError) {
    return <LoadError message="Couldn't load your accounts" onRetry={() => void accounts.refetch()} retrying={accounts.isRefetching} py="8" />;
  }
  return <ComposeForm accounts={accounts.data.filter((a) => a.is_connected)} zone={zone} edit={{ post, saving, onSubmit }} />;
}
