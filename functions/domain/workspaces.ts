import { roleAtLeast, WORKSPACE_MSG, type Role, type WorkspaceSummary } from '@shared/workspaces';
import { getProfile } from '../data/users';
import { createWorkspace, listMemberships, readAdmission, workspaceOwner } from '../data/workspaces';
import { defaultDeps, type Deps } from '../lib/clock';
import { ForbiddenError } from '../lib/errors';
import type { Admission, Caller } from '../lib/http';
import type { RouteAccess } from '../routes';
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
export async function ensureFirstWorkspace(userId: string, email: string | null, deps: Pick<Deps, 'now'> = defaultDeps): Promise<void> {
  if ((await workspaceOwner(userId)) !== null) return;
  await createWorkspace({ id: userId, name: FIRST_WORKSPACE_NAME, ownerId: userId, email }, deps.now());
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
