import type { PlanId } from '@shared/plans';
import {
  DEFAULT_SEATS,
  INVITE_MSG,
  INVITE_TTL_DAYS,
  OWNERSHIP_MSG,
  ROLE_NAMES,
  roleAtLeast,
  WORKSPACE_MSG,
  type InvitableRole,
  type InvitePreview,
  type InviteView,
  type MembersResponse,
  type MemberView,
  type Role,
  type WorkspaceSummary,
} from '@shared/workspaces';
import { getProfile } from '../data/users';
import {
  createWorkspace,
  deleteInvite,
  findInviteByToken,
  getMember,
  getWorkspace,
  listInvites,
  listMembers,
  listMemberships,
  putInvite,
  putMember,
  readAdmission,
  releaseSeat,
  removeMember,
  renameWorkspace,
  setMemberRole,
  spendInviteToken,
  takeSeat,
  transferOwnership,
  workspaceOwner,
  type Invite,
} from '../data/workspaces';
import { appOrigin } from '../lib/app-origin';
import { defaultDeps, type Deps } from '../lib/clock';
import { env } from '../lib/env';
import { AppError, ConflictError, ForbiddenError, NotFoundError, PlanError, ValidationError } from '../lib/errors';
import { logger } from '../lib/logger';
import type { Admission, Caller } from '../lib/http';
import { newBearerToken, sha256Hex } from '../lib/bearer-tokens';
import type { RouteAccess } from '../routes';
import { currentPlan } from './entitlements';
import { notifyUser } from './notifications';
import { assertGateAdmits } from './sessions';

/**
 * Who may act in which workspace (docs/decisions/0013-workspaces.md). Every signed-in request is
 * admitted here before its handler runs: the session gate, then, on a route that acts in a
 * workspace, the caller's membership and role, from one consistent read.
 */

/** The route table's names of roles, as roles: a name the route table uses that is no role does not compile. */
const ROUTE_ROLE: { [K in Exclude<RouteAccess, 'personal'>]: K & Role } = { owner: 'owner', admin: 'admin', editor: 'editor', contributor: 'contributor' };

/** The name a person's first workspace gets; they can rename it. */
export const FIRST_WORKSPACE_NAME = 'My workspace';

/**
 * Admits the caller to the route, or throws: SessionEndedError (the gate), ForbiddenError
 * NOT_A_MEMBER (no membership in the workspace asked for) or ROLE_TOO_LOW (below the route's role).
 * Reads only: a function that only reads keeps a read-only grant.
 */
export async function admitCaller(caller: Caller, access: RouteAccess): Promise<Admission | null> {
  const workspaceId = caller.workspaceId ?? caller.userId;
  const admission = await readAdmission(caller.userId, workspaceId);
  assertGateAdmits(admission.gate, caller.startedAt, { duringDeletion: caller.duringDeletion });
  if (access === 'personal') return null;
  const role = admission.member?.role;
  if (!role) throw new ForbiddenError('NOT_A_MEMBER', WORKSPACE_MSG.notMember);
  const least = ROUTE_ROLE[access];
  if (!roleAtLeast(role, least)) throw new ForbiddenError('ROLE_TOO_LOW', WORKSPACE_MSG.roleTooLow(least));
  return { workspaceId, role };
}

/**
 * A person's first workspace (its id is their user id), made with them as its owner unless it
 * exists: at sign-up (onboarding), by the migration for people who signed up before workspaces,
 * and when the app lists a person's workspaces and finds none (an onboarding that failed).
 */
export async function ensureFirstWorkspace(userId: string, email: string | null, deps: Pick<Deps, 'now'> = defaultDeps): Promise<boolean> {
  if ((await workspaceOwner(userId)) !== null) return false;
  return createWorkspace({ id: userId, name: FIRST_WORKSPACE_NAME, ownerId: userId, email }, deps.now());
}

/** Whether the person is still an Admin or the Owner of the workspace (a connect finishing after its start). */
export async function mayConnect(userId: string, workspaceId: string): Promise<boolean> {
  const { member } = await readAdmission(userId, workspaceId);
  return member !== null && roleAtLeast(member.role, 'admin');
}

/** GET /api/workspaces: the workspaces a person may switch between; a person with none gets their first. */
export async function workspacesOf(userId: string, deps: Pick<Deps, 'now'> = defaultDeps): Promise<WorkspaceSummary[]> {
  const listed = await listMemberships(userId);
  if (listed.length > 0) return listed;
  await ensureFirstWorkspace(userId, (await getProfile(userId)).email, deps);
  return listMemberships(userId);
}

// ---------------------------------------------------------------------------------------------
// Creating, renaming; members and invitations

/** What sending e-mail needs (functions/lib/mail.ts on AWS and locally). */
export interface MailSender {
  sendMail(message: { to: string; subject: string; html: string; text: string }): Promise<void>;
}

export type WorkspaceDeps = Deps & MailSender;

/** The seats a plan includes: the deployment's `SEATS_PER_PLAN` (JSON by plan id), else the defaults. */
export function seatsOf(plan: PlanId): number {
  const configured = env().SEATS_PER_PLAN;
  const parsed = configured ? (JSON.parse(configured) as Partial<Record<PlanId, number>>) : {};
  return parsed[plan] ?? DEFAULT_SEATS[plan];
}

/** POST /api/workspaces: a new workspace (on Free until it gets a plan of its own), with the caller as its Owner. */
export async function createNewWorkspace(userId: string, name: string, deps: Pick<Deps, 'now' | 'newId'> = defaultDeps): Promise<WorkspaceSummary> {
  const id = deps.newId();
  await createWorkspace({ id, name, ownerId: userId, email: (await getProfile(userId)).email }, deps.now());
  return { id, name, role: 'owner' };
}

/** PATCH /api/workspace. */
export async function renameCurrentWorkspace(workspaceId: string, role: Role, name: string): Promise<WorkspaceSummary> {
  await renameWorkspace(workspaceId, name);
  return { id: workspaceId, name, role };
}

/** GET /api/workspace/members: members, pending invitations (expired ones are withdrawn here, freeing their seats) and seats. */
export async function membersOverview(workspaceId: string, role: Role, deps: Pick<Deps, 'now'> = defaultDeps): Promise<MembersResponse> {
  const now = deps.now();
  const [workspace, members, invites, plan] = await Promise.all([
    getWorkspace(workspaceId),
    listMembers(workspaceId),
    listInvites(workspaceId),
    currentPlan(workspaceId, now),
  ]);
  if (!workspace) throw new ForbiddenError('NOT_A_MEMBER', WORKSPACE_MSG.notMember);
  const pending: InviteView[] = [];
  let withdrawn = 0;
  for (const invite of invites) {
    if (Date.parse(invite.expiresAt) > now.getTime()) {
      pending.push({ id: invite.id, email: invite.email, role: invite.role, created_at: invite.createdAt, expires_at: invite.expiresAt });
    } else if (await deleteInvite(workspaceId, invite.id)) {
      await releaseSeat(workspaceId);
      withdrawn++;
    }
  }
  return {
    workspace: { id: workspaceId, name: workspace.name, role },
    members: members.map((m) => ({ user_id: m.userId, email: m.email, role: m.role, joined_at: m.joinedAt })),
    invites: pending,
    seats: { used: Math.max(workspace.seatsUsed - withdrawn, members.length + pending.length), limit: seatsOf(plan.id) },
  };
}

/**
 * POST /api/workspace/invites: takes a seat (the plan's limit holds under concurrent invitations),
 * stores the invitation and the hash of its link's token, then e-mails the link. When the e-mail
 * cannot be sent, the invitation is withdrawn and its seat given back: nothing is left that nobody
 * was told about.
 */
export async function inviteMember(
  workspaceId: string,
  inviterId: string,
  body: { email: string; role: InvitableRole },
  deps: WorkspaceDeps,
): Promise<InviteView> {
  const now = deps.now();
  const [workspace, members, invites, plan] = await Promise.all([
    getWorkspace(workspaceId),
    listMembers(workspaceId),
    listInvites(workspaceId),
    currentPlan(workspaceId, now),
  ]);
  if (!workspace) throw new ForbiddenError('NOT_A_MEMBER', WORKSPACE_MSG.notMember);
  if (members.some((m) => m.email?.toLowerCase() === body.email)) throw new ConflictError(INVITE_MSG.alreadyMember);
  if (invites.some((i) => i.email === body.email && Date.parse(i.expiresAt) > now.getTime())) throw new ConflictError(INVITE_MSG.alreadyInvited);
  const limit = seatsOf(plan.id);
  if (!(await takeSeat(workspaceId, limit))) throw new PlanError('PLAN_LIMIT_REACHED', INVITE_MSG.seatsFull(limit), { limit });
  const token = newBearerToken();
  const invite = {
    id: deps.newId(),
    workspaceId,
    email: body.email,
    role: body.role,
    invitedBy: inviterId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * 24 * 60 * 60 * 1000).toISOString(),
  };
  await putInvite(invite, sha256Hex(token));
  const inviter = (await getProfile(inviterId)).email;
  try {
    await deps.sendMail(
      invitationMail(await appOrigin(), { workspaceName: workspace.name, inviter, role: body.role, token, to: body.email, expiresAt: invite.expiresAt }),
    );
  } catch (error) {
    if (await deleteInvite(workspaceId, invite.id)) await releaseSeat(workspaceId);
    throw error;
  }
  return { id: invite.id, email: invite.email, role: invite.role, created_at: invite.createdAt, expires_at: invite.expiresAt };
}

/** DELETE /api/workspace/invites/{id}: the link stops working and the seat is free again. */
export async function revokeInvite(workspaceId: string, inviteId: string): Promise<void> {
  if (!(await deleteInvite(workspaceId, inviteId))) throw new NotFoundError('This invitation was already accepted or revoked.');
  await releaseSeat(workspaceId);
}

/** PATCH /api/workspace/members/{userId}: the Owner's role is not changed here (ownership moves by a transfer). */
export async function changeMemberRole(workspaceId: string, userId: string, role: InvitableRole): Promise<MemberView> {
  const members = await listMembers(workspaceId);
  const target = members.find((m) => m.userId === userId);
  if (!target) throw new NotFoundError('This person is not a member of the workspace.');
  if (target.role === 'owner') throw new ConflictError(INVITE_MSG.ownerStays);
  const updated = await setMemberRole(workspaceId, userId, role);
  if (!updated) {
    // Refused by the write: they left, or a transfer made them the Owner after the read above.
    const now = (await listMembers(workspaceId)).find((m) => m.userId === userId);
    if (now?.role === 'owner') throw new ConflictError(INVITE_MSG.ownerStays);
    throw new NotFoundError('This person is not a member of the workspace.');
  }
  return { user_id: updated.userId, email: updated.email, role: updated.role, joined_at: updated.joinedAt };
}

/**
 * DELETE /api/workspace/members/{userId}: an Admin or the Owner removes a member (the Owner stays).
 * Their next request in the workspace is refused (admission reads the member item every time).
 */
export async function removeFromWorkspace(workspaceId: string, userId: string): Promise<void> {
  const target = (await listMembers(workspaceId)).find((m) => m.userId === userId);
  if (!target) throw new NotFoundError('This person is not a member of the workspace.');
  if (target.role === 'owner') throw new ConflictError(INVITE_MSG.ownerStays);
  if (await removeMember(workspaceId, userId)) await releaseSeat(workspaceId);
}

/** POST /api/workspace/leave: a member leaves; the Owner transfers the ownership first. */
export async function leaveWorkspace(workspaceId: string, userId: string, role: Role): Promise<void> {
  if (role === 'owner') throw new ConflictError(INVITE_MSG.ownerCannotLeave);
  if (await removeMember(workspaceId, userId)) await releaseSeat(workspaceId);
}

/**
 * POST /api/workspace/transfer-ownership: the Owner makes another member the Owner and becomes an
 * Admin. The plan, its Stripe subscription and customer stay with the workspace (billing is keyed by
 * the workspace, not the person), so the new Owner manages the same subscription from the Billing
 * page. The new Owner is told on their bell.
 */
export async function transferWorkspaceOwnership(workspaceId: string, ownerId: string, toUserId: string, deps: Deps = defaultDeps): Promise<MemberView> {
  if (toUserId === ownerId) throw new ValidationError(OWNERSHIP_MSG.self);
  const [workspace, target] = await Promise.all([getWorkspace(workspaceId), getMember(workspaceId, toUserId)]);
  if (!workspace) throw new ForbiddenError('NOT_A_MEMBER', WORKSPACE_MSG.notMember);
  if (!target) throw new NotFoundError(OWNERSHIP_MSG.notMember);
  const refused = await transferOwnership(workspaceId, ownerId, toUserId);
  if (refused === 'not-owner') throw new ForbiddenError('ROLE_TOO_LOW', OWNERSHIP_MSG.notOwner);
  if (refused === 'not-member') throw new NotFoundError(OWNERSHIP_MSG.notMember);
  const from = (await getProfile(ownerId)).email;
  // The transfer is done whether or not the bell hears of it: a failed notice is logged, not the transfer undone.
  await notifyUser(toUserId, OWNERSHIP_MSG.received(workspace.name, from), deps).catch((error: unknown) =>
    logger.warn('Ownership transfer notice not stored', { workspaceId, toUserId, error }),
  );
  return { user_id: target.userId, email: target.email, role: 'owner', joined_at: target.joinedAt };
}

/** An invitation's link, checked: the invitation, or the reason it cannot be used. */
async function usableInvite(token: string, now: Date): Promise<Invite> {
  const invite = await findInviteByToken(sha256Hex(token));
  if (!invite) throw new NotFoundError(INVITE_MSG.notFound);
  if (Date.parse(invite.expiresAt) <= now.getTime()) throw new AppError('INVITE_EXPIRED', 410, INVITE_MSG.expired);
  return invite;
}

/** GET /api/invites/preview: what the invitation page shows before anyone signs in. */
export async function previewInvite(token: string, deps: Pick<Deps, 'now'> = defaultDeps): Promise<InvitePreview> {
  const invite = await usableInvite(token, deps.now());
  const workspace = await getWorkspace(invite.workspaceId);
  if (!workspace) throw new NotFoundError(INVITE_MSG.notFound);
  return { workspace_name: workspace.name, email: invite.email, role: invite.role, expires_at: invite.expiresAt };
}

/**
 * POST /api/invites/accept: the signed-in person whose e-mail the invitation names joins with its
 * role. The link is spent first, by one conditional delete, so two acceptances cannot both join.
 */
export async function acceptInvite(userId: string, token: string, deps: Pick<Deps, 'now'> = defaultDeps): Promise<WorkspaceSummary> {
  const now = deps.now();
  const invite = await usableInvite(token, now);
  const { email } = await getProfile(userId);
  if (!email || email.trim().toLowerCase() !== invite.email) throw new ForbiddenError('OTHER_EMAIL', INVITE_MSG.otherEmail);
  const workspace = await getWorkspace(invite.workspaceId);
  if (!workspace) throw new NotFoundError(INVITE_MSG.notFound);
  if (!(await spendInviteToken(sha256Hex(token)))) throw new ConflictError(INVITE_MSG.used);
  const already = (await readAdmission(userId, invite.workspaceId)).member;
  if (already) {
    // Already a member (invited twice, or re-invited): the seat the invitation held goes back.
    if (await deleteInvite(invite.workspaceId, invite.id)) await releaseSeat(invite.workspaceId);
    return { id: workspace.id, name: workspace.name, role: already.role };
  }
  await putMember({ workspaceId: invite.workspaceId, userId, role: invite.role }, { name: workspace.name, email, at: now.toISOString() });
  await deleteInvite(invite.workspaceId, invite.id);
  return { id: workspace.id, name: workspace.name, role: invite.role };
}

/** The invitation e-mail: who invites, to what, with which role, until when. */
export function invitationMail(
  origin: string,
  invite: { workspaceName: string; inviter: string | null; role: InvitableRole; token: string; to: string; expiresAt: string },
): { to: string; subject: string; html: string; text: string } {
  const link = `${origin}/invite?token=${invite.token}`;
  const who = invite.inviter ?? 'A member of Schedule & Autopost';
  const days = `${INVITE_TTL_DAYS} days`;
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    to: invite.to,
    subject: `Join "${invite.workspaceName}" on Schedule & Autopost`,
    html: [
      `<p>${escape(who)} invited you to the workspace <strong>${escape(invite.workspaceName)}</strong> on Schedule &amp; Autopost as ${ROLE_NAMES[invite.role]}.</p>`,
      `<p><a href="${link}">Accept the invitation</a></p>`,
      `<p>The link works once, for ${days}. Sign in (or create your account) with this e-mail address to accept it.</p>`,
    ].join('\n'),
    text: `${who} invited you to the workspace "${invite.workspaceName}" on Schedule & Autopost as ${ROLE_NAMES[invite.role]}.\n\nAccept the invitation: ${link}\n\nThe link works once, for ${days}. Sign in (or create your account) with this e-mail address to accept it.\n`,
  };
}
