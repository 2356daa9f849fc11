import * as z from 'zod';
import { instantInput } from './dates';
import { text } from './text';
import { ACTIVITY_KINDS, REVIEW_COMMENT_MAX } from './approval-rules';

/**
 * Approvals (docs/approvals.md): a post that needs approval waits as `pending_approval`, with no
 * schedule and no plan usage, until an Editor approves it (it is scheduled then) or sends it back
 * for changes (it becomes a draft with the comment).
 */
export { ACTIVITY_KINDS, ACTIVITY_LABELS, APPROVAL_MSG, REVIEW_COMMENT_MAX, needsApproval, type ActivityKind } from './approval-rules';

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

/** POST /api/posts/{id}/request-changes. */
export const RequestChangesBodySchema = z
  .object({
    version: Version,
    comment: text().trim().min(1, 'Say what should change.').max(REVIEW_COMMENT_MAX, `A comment is at most ${REVIEW_COMMENT_MAX} characters.`),
  })
  .strict();
export type RequestChangesBody = z.input<typeof RequestChangesBodySchema>;

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
