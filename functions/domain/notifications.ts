import type { Notification } from '@shared/notifications';
import { defaultDeps, type Deps } from '../lib/clock';
import { addNotification, listLatestNotifications, markAllNotificationsRead, markNotificationRead } from '../data/notifications';

export const listNotifications = (userId: string): Promise<Notification[]> => listLatestNotifications(userId);
export const markRead = (userId: string, id: string): Promise<void> => markNotificationRead(userId, id);
export const markAllRead = (userId: string): Promise<number> => markAllNotificationsRead(userId);

/** Writes an activity_log row for the user. The publishing engine calls this on every outcome. */
export function notifyUser(userId: string, message: string, deps: Deps = defaultDeps): Promise<Notification> {
  return addNotification(userId, { id: deps.newId(), message, created_at: deps.now().toISOString() });
}
