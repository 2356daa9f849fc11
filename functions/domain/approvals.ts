import type * as z from 'zod';
import {
  APPROVAL_MSG,
  needsApproval,
  type Activity,
  type ActivityKind,
  type ApprovePostBodySchema,
  type RequestChangesBodySchema,
  type SubmitPostBodySchema,
  type WorkspaceSettings,
} from '@shared/approvals';
import { captionProblem } from '@shared/compose';
import { MSG } from '@shared/messages';
import type { Post } from '@shared/posts';
import type { PostStatus } from '@shared/statuses';
import { roleAtLeast, type Role } from '@shared/workspaces';
import { listConnections } from '../data/connections';
import { mediaFactsOf } from '../data/media';
import { addPostActivity, listPostActivity, type ActivityEntry } from '../data/post-activity';
import { assertPostFits, getPost as getPostRecord, replacePost, type PostRecord } from '../data/posts';
import { getSettings } from '../data/users';
import { getMember, getWorkspace, setPostsNeedApproval, type StoredMember } from '../data/workspaces';
import { appOrigin } from '../lib/app-origin';
import { defaultDeps, type Deps } from '../lib/clock';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../lib/errors';
import { logger } from '../lib/logger';
import { sendMail, type MailMessage } from '../lib/mail';
import { approvalDecidedMail, approvalRequestedMail, type ApprovalMailPost } from './approval-mail';
import { currentPlan } from './entitlements';
import { notifyWorkspace, type Reached, type WorkspaceNotice } from './notifications';
import { assertMediaRules, claimMonthlyPost, monthOf, present, scheduleFrom, syncSchedule, targetFor, withClaim, type ApprovalOptions } from './posts';
import { assertTikTokTargetsPostable } from './tiktok-posting';
import { emitWorkspaceEvent, postEventData } from './webhooks';

/**
 * Approvals (docs/approvals.md): who must ask, submitting, approving, sending back for changes,
 * each post's activity history, and the bell notices that go with each step.
 */

/** The person acting, in the workspace the request acts in. */
export interface Actor {
  readonly workspaceId: string;
  readonly userId: string;
  readonly role: Role;
}

// ---------------------------------------------------------------------------------------------
// The setting

export async function workspaceSettings(workspaceId: string): Promise<WorkspaceSettings> {
  return { posts_need_approval: (await getWorkspace(workspaceId))?.postsNeedApproval ?? false };
}

export async function updateWorkspaceSettings(workspaceId: string, settings: WorkspaceSettings): Promise<WorkspaceSettings> {
  if (!(await setPostsNeedApproval(workspaceId, settings.posts_need_approval))) throw new NotFoundError('Workspace not found');
  return settings;
}

/** The approval rule as the post writes apply it to this actor. */
export async function approvalOf(actor: Actor): Promise<ApprovalOptions & { needsApproval: boolean }> {
  if (roleAtLeast(actor.role, 'admin')) return { needsApproval: false, submittedBy: actor.userId };
  const { posts_need_approval } = await workspaceSettings(actor.workspaceId);
  return { needsApproval: needsApproval(actor.role, posts_need_approval), submittedBy: actor.userId };
}

/** Refuses what only someone who schedules directly may do (publish now, add to queue, a repeating post). */
export async function assertSchedulesDirectly(actor: Actor, message: string = APPROVAL_MSG.needsApproval): Promise<void> {
  if ((await approvalOf(actor)).needsApproval) throw new ForbiddenError('NEEDS_APPROVAL', message);
}

// ---------------------------------------------------------------------------------------------
// History and notices

/** The post as a notice names it: its title, else the start of its first caption. */
function postLabel(post: Pick<Post, 'title' | 'platforms'>): string {
  const text = (post.title ?? post.platforms[0]?.caption ?? '').replace(/\s+/g, ' ').trim();
  if (!text) return 'A post';
  return `"${text.length > 40 ? `${text.slice(0, 39)}…` : text}"`;
}

/**
 * Keeps one step of the post's history, a member's or a client's. The post's change is already
 * written when this runs, so a failure here is logged, never reported as the change failing.
 */
async function keepInHistory(
  workspaceId: string,
  postId: string,
  kind: ActivityKind,
  /** Who took the step, read inside the guard: a failed read only costs the history its step. */
  who: () => Promise<Omit<ActivityEntry, 'kind'>>,
  deps: Deps,
): Promise<void> {
  try {
    await addPostActivity(workspaceId, postId, { kind, ...(await who()) }, { id: deps.newId(), at: deps.now().toISOString() });
  } catch (error) {
    logger.error('Could not record a step of a post’s history', { postId, kind, error });
  }
}

/** A member's step, under the e-mail they have in the workspace. */
async function record(actor: Actor, postId: string, kind: ActivityKind, deps: Deps, comment: string | null = null): Promise<void> {
  await keepInHistory(
    actor.workspaceId,
    postId,
    kind,
    async () => ({ userId: actor.userId, email: (await getMember(actor.workspaceId, actor.userId))?.email ?? null, comment }),
    deps,
  );
}

/** What the approval steps need beyond the clock: sending e-mail (functions/lib/mail.ts). */
export interface ApprovalDeps extends Deps {
  sendMail(message: MailMessage): Promise<void>;
}

export const defaultApprovalDeps: ApprovalDeps = { ...defaultDeps, sendMail };

type MailFor = (origin: string, to: string, post: ApprovalMailPost) => MailMessage;

/**
 * The bell notice for everyone the recipients table names (stored per person, pushed live), then an
 * e-mail to each of them who has "Email me about approvals" on. Neither can undo the step: a notice
 * that cannot be written and an e-mail that cannot be sent are logged, and an e-mail failure never
 * takes the bell notice back (it is written first).
 */
async function tell(actor: Actor, notice: Omit<WorkspaceNotice, 'postId' | 'postStatus' | 'actorId'>, post: Post, mailFor: MailFor, deps: ApprovalDeps) {
  let reached: Reached;
  try {
    reached = await notifyWorkspace(actor.workspaceId, { ...notice, actorId: actor.userId, postId: post.id, postStatus: post.status }, deps);
  } catch (error) {
    logger.error('Could not notify the members about a post', { postId: post.id, kind: notice.kind, error });
    return;
  }
  const { workspaceName, recipients } = reached;
  if (!workspaceName) return;
  try {
    const withEmail = recipients.filter((m): m is StoredMember & { email: string } => m.email !== null);
    const wanted = (await Promise.all(withEmail.map(async (m) => ((await getSettings(m.userId)).email_approvals ? m : null)))).filter((m) => m !== null);
    if (wanted.length === 0) return;
    const origin = await appOrigin();
    const mailPost = { id: post.id, label: postLabel(post), workspaceId: actor.workspaceId, workspaceName };
    await Promise.all(
      wanted.map((m) =>
        deps
          .sendMail(mailFor(origin, m.email, mailPost))
          .catch((error: unknown) => logger.error('Could not e-mail a member about a post', { postId: post.id, kind: notice.kind, error })),
      ),
    );
  } catch (error) {
    logger.error('Could not e-mail the members about a post', { postId: post.id, kind: notice.kind, error });
  }
}

/** Every Editor, Admin and Owner of the workspace but the one who submitted. */
async function notifyReviewers(actor: Actor, post: Post, deps: ApprovalDeps): Promise<void> {
  const who = (await getMember(actor.workspaceId, actor.userId))?.email ?? 'A member';
  await emitWorkspaceEvent(actor.workspaceId, 'approval.requested', { ...postEventData(post), submitted_by: who });
  await tell(
    actor,
    { kind: 'approval_requested', message: `${who} submitted ${postLabel(post)} for approval.` },
    post,
    (origin, to, mailPost) => approvalRequestedMail(origin, to, mailPost, who, post.scheduled_at ?? null),
    deps,
  );
}

/** The person who submitted the post, unless they are the one deciding or no longer a member. */
async function notifyAuthor(actor: Actor, before: PostRecord, post: Post, message: string, comment: string | null, deps: ApprovalDeps): Promise<void> {
  const by = (await getMember(actor.workspaceId, actor.userId))?.email ?? 'A reviewer';
  const decision = comment === null ? ({ approved: true, by } as const) : ({ approved: false, by, comment } as const);
  await emitWorkspaceEvent(actor.workspaceId, 'approval.decided', {
    ...postEventData(post),
    decision: decision.approved ? 'approved' : 'changes_requested',
    decided_by: by,
    decided_by_client: null,
    comment,
  });
  await tell(
    actor,
    { kind: 'approval_decided', message, authorId: before.submitted_by ?? null },
    post,
    (origin, to, mailPost) => approvalDecidedMail(origin, to, mailPost, decision),
    deps,
  );
}

/**
 * The history and notices that follow a post written through Compose (create or edit): what the
 * write did, judged from the status before and after.
 */
export async function afterPostWrite(actor: Actor, before: PostStatus | null, post: Post, deps: ApprovalDeps = defaultApprovalDeps): Promise<void> {
  if (before === null) await record(actor, post.id, 'created', deps);
  if (post.status === 'pending_approval' && before !== 'pending_approval') {
    await record(actor, post.id, 'submitted', deps);
    await notifyReviewers(actor, post, deps);
  } else if (post.status === 'scheduled' && before !== 'scheduled') {
    // Its `post.scheduled` webhook went with its schedule (publishing/wiring.ts scheduleDispatch).
    await record(actor, post.id, 'scheduled', deps);
  } else if (before !== null) {
    await record(actor, post.id, 'edited', deps);
  }
}

export async function postActivity(workspaceId: string, postId: string): Promise<Activity[]> {
  if (!(await getPostRecord(workspaceId, postId))) throw new NotFoundError('Post not found');
  return listPostActivity(workspaceId, postId);
}

/** The status a post has before a write (null: none yet), for afterPostWrite. */
export async function statusBefore(workspaceId: string, postId: string): Promise<PostStatus | null> {
  return (await getPostRecord(workspaceId, postId))?.status ?? null;
}

// ---------------------------------------------------------------------------------------------
// Submitting, approving, requesting changes

async function pendingRead(workspaceId: string, id: string, version: number, status: PostStatus, wrongStatus: string): Promise<PostRecord> {
  const old = await getPostRecord(workspaceId, id);
  if (!old) throw new NotFoundError('Post not found');
  if (old.status !== status) throw new ConflictError(wrongStatus);
  if (old.version !== version) throw new ConflictError(APPROVAL_MSG.changed);
  return old;
}

/**
 * The create rules checked again (captions, TikTok, accounts connected and on the plan, media), as
 * "Publish now" on a draft does: the post may have waited while an account went away or the plan
 * changed. Returns the targets as they would be stored.
 */
async function checkedTargets(workspaceId: string, old: PostRecord, now: Date, deps: Deps) {
  for (const target of old.platforms) {
    const problem = captionProblem(target.platform, target.caption);
    if (problem) throw new ValidationError(problem.message, { title: problem.title });
  }
  assertTikTokTargetsPostable(old.platforms);
  const [plan, accounts] = await Promise.all([currentPlan(workspaceId, now), listConnections(workspaceId)]);
  const platforms = old.platforms.map((t) => ({ ...targetFor(t, accounts, plan, deps.newId), id: t.id }));
  if (platforms.length === 0) throw new ValidationError(MSG.selectPlatform);
  assertMediaRules(platforms, old.media.map(mediaFactsOf), old.title);
  return { platforms, plan };
}

const conflictAs = (message: string) => (error: unknown) => {
  throw error instanceof ConflictError ? new ConflictError(message, { cause: error }) : error;
};

/** A draft sent for approval, to go out at `scheduled_at`: no schedule and no usage until it is approved. */
export async function submitPost(
  actor: Actor,
  id: string,
  body: z.output<typeof SubmitPostBodySchema>,
  deps: ApprovalDeps = defaultApprovalDeps,
): Promise<Post> {
  const now = deps.now();
  const old = await pendingRead(actor.workspaceId, id, body.version, 'draft', APPROVAL_MSG.notDraft);
  const { scheduled_at } = scheduleFrom(body.scheduled_at, now);
  const { platforms } = await checkedTargets(actor.workspaceId, old, now, deps);
  const post: PostRecord = {
    ...old,
    platforms,
    status: 'pending_approval',
    scheduled_at,
    error_message: null,
    review_comment: null,
    submitted_by: actor.userId,
    version: old.version + 1,
    updated_at: now.toISOString(),
  };
  assertPostFits(actor.workspaceId, post);
  await replacePost(actor.workspaceId, post, { version: old.version, status: 'draft' }).catch(conflictAs(APPROVAL_MSG.changed));
  const view = await present(post);
  await record(actor, id, 'submitted', deps);
  await notifyReviewers(actor, view, deps);
  return view;
}

/**
 * Approves a waiting post: it is scheduled exactly as scheduling does (its EventBridge schedule, and
 * this month's plan usage unless it already counted this month). A post whose time passed while it
 * waited is refused with 409 unless the approver gives a new time; it was never published.
 */
export async function approvePost(
  actor: Actor,
  id: string,
  body: z.output<typeof ApprovePostBodySchema>,
  deps: ApprovalDeps = defaultApprovalDeps,
): Promise<Post> {
  const now = deps.now();
  const old = await pendingRead(actor.workspaceId, id, body.version, 'pending_approval', APPROVAL_MSG.notPending);
  if (old.submitted_by === actor.userId && (await approvalOf(actor)).needsApproval) throw new ForbiddenError('NEEDS_APPROVAL', APPROVAL_MSG.ownPost);
  const scheduledAt = body.scheduled_at ? scheduleFrom(body.scheduled_at, now).scheduled_at : old.scheduled_at;
  if (!scheduledAt || Date.parse(scheduledAt) <= now.getTime()) throw new ConflictError(APPROVAL_MSG.timePassed);
  const { platforms, plan } = await checkedTargets(actor.workspaceId, old, now, deps);
  const usageMonth = old.usage_month === monthOf(now) ? null : monthOf(now);
  const post: PostRecord = {
    ...old,
    platforms,
    status: 'scheduled',
    scheduled_at: scheduledAt,
    error_message: null,
    review_comment: null,
    version: old.version + 1,
    updated_at: now.toISOString(),
    usage_month: usageMonth ?? old.usage_month,
  };
  assertPostFits(actor.workspaceId, post);
  if (usageMonth) await claimMonthlyPost(actor.workspaceId, plan, now);
  await withClaim(actor.workspaceId, usageMonth, () =>
    replacePost(actor.workspaceId, post, { version: old.version, status: 'pending_approval' }).catch(conflictAs(APPROVAL_MSG.changed)),
  );
  // Sends its `post.scheduled` webhook once the schedule is set.
  await syncSchedule(actor.workspaceId, post, old, deps);
  const view = await present(post);
  await record(actor, id, 'approved', deps);
  await notifyAuthor(actor, old, view, `${postLabel(view)} was approved and is scheduled.`, null, deps);
  return view;
}

/**
 * A waiting post sent back as a draft with the comment kept on it, written only if it is still the
 * version `old` and still waiting. `extra` is what else the caller keeps on it (a client's decision).
 */
export async function sendBackForChanges(workspaceId: string, old: PostRecord, comment: string, now: Date, extra: Partial<PostRecord> = {}): Promise<Post> {
  const post: PostRecord = {
    ...old,
    ...extra,
    status: 'draft',
    scheduled_at: null,
    review_comment: comment,
    version: old.version + 1,
    updated_at: now.toISOString(),
  };
  assertPostFits(workspaceId, post);
  // A decision the caller sets replaces only the one it read; otherwise a decision made meanwhile is kept.
  const review = 'client_review' in extra ? { review: old.client_review ?? null } : {};
  await replacePost(workspaceId, post, { version: old.version, status: 'pending_approval', ...review }).catch(conflictAs(APPROVAL_MSG.changed));
  return present(post);
}

/** Sends a waiting post back as a draft, with the reviewer's comment kept on it and in its history. */
export async function requestChanges(
  actor: Actor,
  id: string,
  body: z.output<typeof RequestChangesBodySchema>,
  deps: ApprovalDeps = defaultApprovalDeps,
): Promise<Post> {
  const now = deps.now();
  const old = await pendingRead(actor.workspaceId, id, body.version, 'pending_approval', APPROVAL_MSG.notPending);
  const view = await sendBackForChanges(actor.workspaceId, old, body.comment, now);
  await record(actor, id, 'changes_requested', deps, body.comment);
  await notifyAuthor(actor, old, view, `Changes were requested on ${postLabel(view)}: ${body.comment}`, body.comment, deps);
  return view;
}

// ---------------------------------------------------------------------------------------------
// A client's decision through a review link (docs/review-links.md)

/**
 * Keeps a client's decision in the post's history and tells the workspace's Editors, Admins and
 * Owners (those who can act on it), as a submission's notice reaches them. Neither undoes the decision.
 */
export async function afterClientDecision(
  workspaceId: string,
  clientName: string,
  post: Post,
  decision: 'approved' | 'changes_requested',
  comment: string | null,
  deps: Deps = defaultDeps,
  /** The member who submitted a post the decision sent back, who hears of it as of an Editor's request. */
  author: string | null = null,
): Promise<void> {
  const kind: ActivityKind = decision === 'approved' ? 'client_approved' : 'client_changes_requested';
  await keepInHistory(workspaceId, post.id, kind, async () => ({ userId: null, email: null, clientName, comment }), deps);
  // The same event as a member's decision, said to be the client's: no member decided (`decided_by`
  // is null) and an approval here does not schedule the post (its `status` says where it stands).
  await emitWorkspaceEvent(workspaceId, 'approval.decided', { ...postEventData(post), decision, decided_by: null, decided_by_client: clientName, comment });
  const message =
    decision === 'approved'
      ? `${clientName} (client) approved ${postLabel(post)}.`
      : `${clientName} (client) requested changes on ${postLabel(post)}: ${comment ?? ''}`;
  try {
    await notifyWorkspace(workspaceId, { kind: 'client_decided', message, authorId: author, actorId: null, postId: post.id, postStatus: post.status }, deps);
  } catch (error) {
    // The decision is written: the client is told it was, and the history keeps it.
    logger.error('Could not notify the workspace of a client’s decision', { postId: post.id, error });
  }
}
