import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '@shared/notifications';
import { api } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

export function markNotificationRead(id: string): Promise<undefined> {
  return api(`/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
}

/** Optimistic: the item looks read at once and is put back if the server refuses. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  const key = notificationKeys.list();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationList>(key);
      queryClient.setQueryData<NotificationList>(key, (list) => (list ? { items: list.items.map((n) => (n.id === id ? { ...n, read: true } : n)) } : list));
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
