import type { Notification } from '@shared/notifications';
import { defaultDeps, type Deps } from '../lib/clock';
import { publishUserEvent } from '../lib/realtime';
import { addNotification, listLatestNotifications, markAllNotificationsRead, markNotificationRead } from '../data/notifications';

export const listNotifications = (userId: string): Promise<Notification[]> => listLatestNotifications(userId);
export const markRead = (userId: string, id: string): Promise<void> => markNotificationRead(userId, id);
export const markAllRead = (userId: string): Promise<number> => markAllNotificationsRead(userId);

/** A notification's text, plus the post it is about so the browser can refresh that post's views. */
export interface NotifyInput {
  readonly message: string;
  readonly postId?: string;
  readonly postStatus?: string;
}

/**
 * Writes an activity_log row for the user, then pushes it to the user's live subscription (docs/product-rules.md#notifications,
 * docs/publishing.md#notifications). The publishing engine calls this on every outcome. The push never fails the
 * call: the row is the source of truth, and the bell also polls.
 */
export async function notifyUser(userId: string, input: string | NotifyInput, deps: Deps = defaultDeps): Promise<Notification> {
  const { message, postId, postStatus } = typeof input === 'string' ? { message: input } : input;
  const note = await addNotification(userId, { id: deps.newId(), message, created_at: deps.now().toISOString() });
  await publishUserEvent({ userId, id: note.id, message: note.message, createdAt: note.created_at, postId, postStatus });
  return note;
}
