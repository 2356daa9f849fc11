import type { Notification } from '@shared/notifications';
import { defaultDeps, type Deps } from '../lib/clock';
import { publishUserEvent } from '../lib/realtime';
import { addNotification, addNotifications, listLatestNotifications, markAllNotificationsRead, markNotificationRead } from '../data/notifications';
import { getWorkspace, listMembers, type StoredMember } from '../data/workspaces';
import { noticeRecipients, type NoticeKind, type NoticeParties } from './notice-recipients';

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
 * Writes an activity_log row for one person about themself (no workspace), then pushes it to their
 * live subscription (docs/product-rules.md#notifications). The push never fails the call: the row is
 * the source of truth, and the bell also polls. What happens in a workspace goes through
 * notifyWorkspace instead, which decides who hears of it.
 */
export async function notifyUser(userId: string, input: string | NotifyInput, deps: Deps = defaultDeps): Promise<Notification> {
  const { message, postId, postStatus } = typeof input === 'string' ? { message: input } : input;
  const note = await addNotification(userId, { id: deps.newId(), message, created_at: deps.now().toISOString(), post_id: postId ?? null });
  await publishUserEvent({ userId, id: note.id, message: note.message, createdAt: note.created_at, postId, postStatus });
  return note;
}

/** Something that happened in a workspace, for the people the recipients table names. */
export interface WorkspaceNotice extends NotifyInput, NoticeParties {
  readonly kind: NoticeKind;
  /**
   * What everyone but the author reads, given the author's e-mail in the workspace (null: no longer
   * a member), when `message` speaks to the author ("Your post was published…" is not an Admin's
   * post). Absent, or no author known: everyone reads `message`.
   */
  readonly othersMessage?: (authorEmail: string | null) => string;
}

/** The text one recipient reads (WorkspaceNotice.othersMessage). */
function messageFor(notice: WorkspaceNotice, userId: string, members: readonly StoredMember[]): string {
  if (!notice.othersMessage || !notice.authorId || userId === notice.authorId) return notice.message;
  return notice.othersMessage(members.find((member) => member.userId === notice.authorId)?.email ?? null);
}

/** Who a workspace notice reached, and the workspace's name as it said it (null: the workspace is gone). */
export interface Reached {
  readonly workspaceName: string | null;
  readonly recipients: StoredMember[];
}

/**
 * One notice per person the recipients table (domain/notice-recipients.ts) names for this kind,
 * each under their own USER#<id> with the workspace's id and name (so the bell can say where and
 * switch there), written together, then pushed live to each. Returns whom it reached, for a caller
 * that also e-mails them. A workspace gone meanwhile reaches nobody.
 */
export async function notifyWorkspace(workspaceId: string, notice: WorkspaceNotice, deps: Deps = defaultDeps): Promise<Reached> {
  const [workspace, members] = await Promise.all([getWorkspace(workspaceId), listMembers(workspaceId)]);
  if (!workspace) return { workspaceName: null, recipients: [] };
  const recipients = noticeRecipients(notice.kind, members, notice);
  if (recipients.length === 0) return { workspaceName: workspace.name, recipients };
  const createdAt = deps.now().toISOString();
  const notes = await addNotifications(
    recipients.map((member) => ({
      userId: member.userId,
      note: {
        id: deps.newId(),
        message: messageFor(notice, member.userId, members),
        created_at: createdAt,
        workspace_id: workspaceId,
        workspace_name: workspace.name,
        post_id: notice.postId ?? null,
      },
    })),
  );
  await Promise.all(
    notes.map((note, i) =>
      publishUserEvent({
        userId: recipients[i].userId,
        id: note.id,
        message: note.message,
        createdAt: note.created_at,
        postId: notice.postId,
        postStatus: notice.postStatus,
      }),
    ),
  );
  return { workspaceName: workspace.name, recipients };
}
