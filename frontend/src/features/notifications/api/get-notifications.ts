import { apiQuery } from '@/lib/api-query';
import { notificationKeys } from './query-keys';

/** The latest 20, newest first (the server applies the limit). */
const notifications = apiQuery('/notifications', () => import('@shared/notifications').then((m) => m.NotificationListSchema), notificationKeys.list);

export const getNotifications = notifications.fetch;
export const getNotificationsQueryOptions = notifications.options;
export const useNotifications = notifications.useQuery;
