import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MoveInQueueBody, QueueScheduleKind, QueueSlot } from '@shared/queue';
import { toaster } from '@/components/ui/toaster';
import { api } from '@/lib/api-client';

/** The Queue page's reads; every post query in the app starts with 'posts', which a queue change refetches too (the calendar, Posts tabs). */
/** The queue's schemas load with its first answer: the page paints without zod (see SchemaSource). */
const schemas = () => import('@shared/queue');

export const queueKeys = {
  all: ['queue'] as const,
  schedules: () => [...queueKeys.all, 'schedules'] as const,
  upcoming: (days: number) => [...queueKeys.all, 'upcoming', days] as const,
};

export function useQueueSchedules() {
  return useQuery({ queryKey: queueKeys.schedules(), queryFn: () => api('/queue/schedules', { schema: () => schemas().then((m) => m.QueueSchedulesSchema) }) });
}

export function useUpcomingQueue(days: number) {
  return useQuery({
    queryKey: queueKeys.upcoming(days),
    queryFn: () => api(`/queue?days=${days}`, { schema: () => schemas().then((m) => m.QueueViewSchema) }),
  });
}

function useRefetchAfter() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: queueKeys.all }), queryClient.invalidateQueries({ queryKey: ['posts'] })]);
}

/** PUT /api/queue/schedules/{id}: the account's (or, agency mode, the client's) whole week. */
export function useSaveQueueSchedule() {
  const refetch = useRefetchAfter();
  return useMutation({
    mutationFn: ({ kind, id, slots }: { kind: QueueScheduleKind; id: string; slots: QueueSlot[] }) =>
      api(`/queue/schedules/${encodeURIComponent(id)}`, {
        method: 'PUT',
        // An account's week is the route's default kind, so only a client's names it.
        body: kind === 'client' ? { kind, slots } : { slots },
        schema: () => schemas().then((m) => (kind === 'client' ? m.ClientQueueScheduleSchema : m.QueueScheduleSchema)),
      }),
    onSuccess: () => toaster.success({ title: 'Posting times saved' }),
    onError: (error) => toaster.error({ title: "Couldn't save the posting times", description: error.message }),
    onSettled: refetch,
  });
}

/** PATCH /api/queue: move a post to a slot (a post already there swaps with it). */
export function useMoveInQueue() {
  const refetch = useRefetchAfter();
  return useMutation({
    mutationFn: (body: MoveInQueueBody) => api('/queue', { method: 'PATCH', body, schema: () => schemas().then((m) => m.MoveInQueueResultSchema) }),
    onSuccess: (result) => toaster.success({ title: result.moved.length > 1 ? 'Posts swapped' : 'Post moved' }),
    onError: (error) => toaster.error({ title: "Couldn't move the post", description: error.message }),
    onSettled: refetch,
  });
}

/** Out of the queue: back to Drafts (PATCH the post without a time), or deleted. */
export function useRemoveFromQueue() {
  const refetch = useRefetchAfter();
  return useMutation({
    mutationFn: ({ postId, to }: { postId: string; to: 'draft' | 'delete' }) =>
      to === 'draft'
        ? api(`/posts/${encodeURIComponent(postId)}`, { method: 'PATCH', body: { scheduled_at: null, platforms: [] } })
        : api(`/posts/${encodeURIComponent(postId)}`, { method: 'DELETE' }),
    onSuccess: (_result, { to }) => toaster.success({ title: to === 'draft' ? 'Moved to Drafts' : 'Post deleted' }),
    onError: (error) => toaster.error({ title: "Couldn't remove the post", description: error.message }),
    onSettled: refetch,
  });
}
