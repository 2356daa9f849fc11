import { queryOptions, useQuery } from '@tanstack/react-query';
import { NotificationListSchema, type NotificationList } from '@shared/notifications';
import { api } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

/** The latest 20, newest first (the server applies the limit). */
export function getNotifications(): Promise<NotificationList> {
  return api('/notifications', { schema: NotificationListSchema });
}

export function getNotificationsQueryOptions() {
  return queryOptions({ queryKey: notificationKeys.list(), queryFn: getNotifications });
}

export function useNotifications() {
  return useQuery(getNotificationsQueryOptions());
}
