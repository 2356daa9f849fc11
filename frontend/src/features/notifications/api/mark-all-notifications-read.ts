import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MarkAllReadResponseSchema, type NotificationList } from '@shared/notifications';
import { api } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

export function markAllNotificationsRead() {
  return api('/notifications/read-all', { method: 'POST', schema: MarkAllReadResponseSchema });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  const key = notificationKeys.list();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationList>(key);
      queryClient.setQueryData<NotificationList>(key, (list) => (list ? { items: list.items.map((n) => ({ ...n, read: true })) } : list));
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
