import { roleAtLeast, type Role } from '@shared/workspaces';

/**
 * Who hears about what happens in a workspace (docs/workspaces.md#notices): the one table every
 * notice goes through, so a new member, a second workspace or a role change reaches the right bells
 * without each writer choosing people itself.
 */

/** What happened, as the notices name it. */
export const NOTICE_KINDS = [
  'post_published',
  'post_failed',
  'connection_expiring',
  'series_paused',
  'approval_requested',
  'approval_decided',
  'client_decided',
  'webhook_disabled',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * Per kind: the lowest role that hears about it, whether the post's author does too (whatever their
 * role), and whether the person who caused it is left out (they know already).
 *
 * - Publishing outcomes go to the post's author and the workspace's Admins and Owner, as the
 *   agency tools do: the author wrote it, the Admins answer for the accounts it went out on.
 *   Other Editors do not hear about every colleague's post.
 * - A connection about to expire, or a repeating post that paused (a gone account, the plan's
 *   allowance), is for the Admins and Owner: only they reconnect accounts and change the plan.
 * - A submission goes to everyone who may approve (Editor and up) but the submitter.
 * - A decision goes to the author alone, never to the one who decided.
 * - A client's decision through a review link goes to everyone who may act on it (Editor and up)
 *   and to the author of a post it sent back.
 */
export const NOTICE_RECIPIENTS: Readonly<Record<NoticeKind, { readonly least: Role | null; readonly author: boolean; readonly exceptActor: boolean }>> = {
  post_published: { least: 'admin', author: true, exceptActor: false },
  post_failed: { least: 'admin', author: true, exceptActor: false },
  connection_expiring: { least: 'admin', author: false, exceptActor: false },
  series_paused: { least: 'admin', author: false, exceptActor: false },
  approval_requested: { least: 'editor', author: false, exceptActor: true },
  approval_decided: { least: null, author: true, exceptActor: true },
  client_decided: { least: 'editor', author: true, exceptActor: false },
  // Only Admins and the Owner manage webhook endpoints, so only they can switch one back on.
  webhook_disabled: { least: 'admin', author: false, exceptActor: false },
};

/** A member as the table reads them. */
export interface Recipient {
  readonly userId: string;
  readonly role: Role;
  readonly email: string | null;
}

export interface NoticeParties {
  /** The post's author (who wrote or submitted it), when the notice is about a post. */
  readonly authorId?: string | null;
  /** The person whose step this is; null for the system (publishing, sweeps). */
  readonly actorId?: string | null;
}

/**
 * The members who get a notice of `kind`, each once, in the members' order. Only current members:
 * an author who left the workspace hears nothing more of it.
 */
export function noticeRecipients<M extends Recipient>(kind: NoticeKind, members: readonly M[], parties: NoticeParties = {}): M[] {
  const rule = NOTICE_RECIPIENTS[kind];
  return members.filter((member) => {
    if (rule.exceptActor && parties.actorId && member.userId === parties.actorId) return false;
    if (rule.author && parties.authorId && member.userId === parties.authorId) return true;
    return rule.least !== null && roleAtLeast(member.role, rule.least);
  });
}
