import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovePostBody, RequestChangesBody } from '@shared/approvals';
import type { Post } from '@shared/posts';
import { toaster } from '@/components/ui/toaster';
import { api } from '@/lib/api-client';
import { postKeys } from './query-keys';

/** POST /posts/{id}/approve: the waiting post as the Editor saw it (its version), scheduled. */
export function approvePost(post: Pick<Post, 'id'> & ApprovePostBody): Promise<Post> {
  const { id, ...body } = post;
  return api(`/posts/${encodeURIComponent(id)}/approve`, { method: 'POST', body, schema: () => import('@shared/posts').then((m) => m.PostSchema) });
}

/** POST /posts/{id}/request-changes: back to its author as a draft, with the comment. */
export function requestChanges(post: Pick<Post, 'id'> & RequestChangesBody): Promise<Post> {
  const { id, ...body } = post;
  return api(`/posts/${encodeURIComponent(id)}/request-changes`, { method: 'POST', body, schema: () => import('@shared/posts').then((m) => m.PostSchema) });
}

/** GET /posts/{id}/activity. */
export function getPostActivity(postId: string) {
  return api(`/posts/${encodeURIComponent(postId)}/activity`, { schema: () => import('@shared/approvals').then((m) => m.ActivityListSchema) });
}

export const activityKey = (postId: string) => [...postKeys.all, 'activity', postId] as const;

export function usePostActivity(postId: string) {
  return useQuery({ queryKey: activityKey(postId), queryFn: () => getPostActivity(postId) });
}

/** A decision moves the post to another tab and into the usage meter: every post list, count and the meter refetch. */
function useDecision<V>(mutationFn: (vars: V) => Promise<Post>, success: string, failure: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      toaster.success({ title: success });
      onDone?.();
    },
    onError: (error) => toaster.error({ title: failure, description: error.message }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: postKeys.all }), queryClient.invalidateQueries({ queryKey: ['usage'] })]),
  });
}

export const useApprovePost = (onDone?: () => void) => useDecision(approvePost, 'Approved and scheduled', "Couldn't approve the post", onDone);
export const useRequestChanges = (onDone?: () => void) => useDecision(requestChanges, 'Sent back with your comment', "Couldn't send the post back", onDone);
