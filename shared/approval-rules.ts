import { roleAtLeast, type Role } from './roles';

/**
 * The approval rules and messages the Posts cards and Compose paint with. Apart from
 * shared/approvals.ts (which re-exports them) because that module builds zod schemas when it loads.
 */

/**
 * Whether what this role schedules waits for approval. A Contributor's always does; with the
 * workspace setting "Posts need approval" on, an Editor's does too. Admins and Owners, who set the
 * policy, schedule directly.
 */
export function needsApproval(role: Role, postsNeedApproval: boolean): boolean {
  if (role === 'contributor') return true;
  return postsNeedApproval && !roleAtLeast(role, 'admin');
}

export const REVIEW_COMMENT_MAX = 2000;

/** What a person (or the publisher) did to a post, as its activity history keeps it. */
export const ACTIVITY_KINDS = [
  'created',
  'edited',
  'submitted',
  'approved',
  'changes_requested',
  'scheduled',
  'published',
  'failed',
  'client_approved',
  'client_changes_requested',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_LABELS: Record<ActivityKind, string> = {
  created: 'Created',
  edited: 'Edited',
  submitted: 'Submitted for approval',
  approved: 'Approved',
  changes_requested: 'Changes requested',
  scheduled: 'Scheduled',
  published: 'Published',
  failed: 'Failed',
  client_approved: 'Client approved',
  client_changes_requested: 'Client requested changes',
};

export const APPROVAL_MSG = {
  scheduledNeedsEditor: 'This post is scheduled: only an Editor, Admin or Owner can change it. Ask one of them, or duplicate it as a draft.',
  needsApproval: 'Posts you schedule in this workspace need approval. Submit this post for approval instead.',
  repeatNeedsEditor: 'A repeating post can only be set up by someone who schedules directly. Save it as a draft, or ask an Editor.',
  notPending: 'This post is not waiting for approval any more. Reload it to see where it is.',
  notDraft: 'Only a draft can be submitted for approval.',
  changed: 'This post was changed meanwhile. Reload it and try again.',
  timePassed: 'Its time has passed: choose a new time.',
  ownPost: 'Someone else has to approve your own post.',
} as const;
