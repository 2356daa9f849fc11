import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '@shared/posts';
import { toaster } from '@/components/ui/toaster';
import { api } from '@/lib/api-client';
import { targetNames } from '@/lib/target-names';
import { postKeys } from './query-keys';

/** POST /posts/{id}/publish: the draft as the user saw it (its version), published now. */
export function publishDraft(post: Pick<Post, 'id' | 'version'>): Promise<Post> {
  return api(`/posts/${encodeURIComponent(post.id)}/publish`, {
    method: 'POST',
    body: { version: post.version },
    schema: () => import('@shared/posts').then((m) => m.PostSchema),
  });
}

/** The draft leaves Drafts for Scheduled and then Posted or Failed: every post list, count and the usage meter refetch. */
export function usePublishDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishDraft,
    onSuccess: (post) => {
      toaster.success({ title: 'Publishing now', description: `Sending to ${targetNames(post.platforms)}.` });
    },
    onError: (error) => {
      toaster.error({ title: "Couldn't publish the draft", description: error.message });
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: postKeys.all }), queryClient.invalidateQueries({ queryKey: ['usage'] })]),
  });
}
