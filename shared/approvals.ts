import * as z from 'zod';
import { instantInput } from './dates';
import { text } from './text';
import { roleAtLeast, type Role } from './workspaces';

/**
 * Approvals (docs/approvals.md): a post that needs approval waits as `pending_approval`, with no
 * schedule and no plan usage, until an Editor approves it (it is scheduled then) or sends it back
 * for changes (it becomes a draft with the comment).
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

/** GET/PATCH /api/workspace/settings. */
export const WorkspaceSettingsSchema = z.object({ posts_need_approval: z.boolean() });
export type WorkspaceSettings = z.infer<typeof WorkspaceSettingsSchema>;
export const UpdateWorkspaceSettingsBodySchema = z.object({ posts_need_approval: z.boolean() }).strict();

const Version = z.number().int().positive();

/** POST /api/posts/{id}/submit: a draft sent for approval, for the time it should go out. */
export const SubmitPostBodySchema = z.object({ version: Version, scheduled_at: instantInput() }).strict();
export type SubmitPostBody = z.input<typeof SubmitPostBodySchema>;

/** POST /api/posts/{id}/approve: `scheduled_at` moves it to a new time (needed when its time has passed). */
export const ApprovePostBodySchema = z.object({ version: Version, scheduled_at: instantInput().optional() }).strict();
export type ApprovePostBody = z.input<typeof ApprovePostBodySchema>;

export const REVIEW_COMMENT_MAX = 2000;
/** POST /api/posts/{id}/request-changes. */
export const RequestChangesBodySchema = z
  .object({
    version: Version,
    comment: text().trim().min(1, 'Say what should change.').max(REVIEW_COMMENT_MAX, `A comment is at most ${REVIEW_COMMENT_MAX} characters.`),
  })
  .strict();
export type RequestChangesBody = z.input<typeof RequestChangesBodySchema>;

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

export const ActivitySchema = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  /** The person who did it; null when the system did (publishing). */
  user_id: z.string().nullable(),
  email: z.string().nullable(),
  /** A client deciding through a review link (docs/review-links.md): their name; absent otherwise. */
  client_name: z.string().nullable().optional(),
  at: z.iso.datetime(),
  comment: z.string().nullable(),
});
export type Activity = z.infer<typeof ActivitySchema>;
export const ActivityListSchema = z.object({ items: z.array(ActivitySchema) });

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
