import { roleAtLeast, WORKSPACE_MSG, type Role, type WorkspaceSummary } from '@shared/workspaces';
import { createWorkspace, listMemberships, readAdmission } from '../data/workspaces';
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
 * A person's first workspace (id = their user id) is made, with them as its owner, the first time
 * they act in it: a sign-up needs no separate step, and a workspace that exists is never remade.
 */
export async function admitCaller(caller: Caller, access: RouteAccess, deps: Pick<Deps, 'now'> = defaultDeps): Promise<Admission | null> {
  const workspaceId = caller.workspaceId ?? caller.userId;
  const admission = await readAdmission(caller.userId, workspaceId);
  assertGateAdmits(admission.gate, caller.startedAt, { duringDeletion: caller.duringDeletion });
  if (access === 'personal') return null;
  let role = admission.member?.role;
  if (!role && !admission.workspaceExists && workspaceId === caller.userId) {
    if (await createWorkspace({ id: workspaceId, name: FIRST_WORKSPACE_NAME, ownerId: caller.userId, email: null }, deps.now())) role = 'owner';
    else role = (await readAdmission(caller.userId, workspaceId)).member?.role;
  }
  if (!role) throw new ForbiddenError('NOT_A_MEMBER', WORKSPACE_MSG.notMember);
  const least = ROUTE_ROLE[access];
  if (!roleAtLeast(role, least)) throw new ForbiddenError('ROLE_TOO_LOW', WORKSPACE_MSG.roleTooLow(least));
  return { workspaceId, role };
}

/** Whether the person is still an Admin or the Owner of the workspace (a connect finishing after its start). */
export async function mayConnect(userId: string, workspaceId: string): Promise<boolean> {
  const { member } = await readAdmission(userId, workspaceId);
  return member !== null && roleAtLeast(member.role, 'admin');
}

/** The workspaces a person may switch between. */
export function workspacesOf(userId: string): Promise<WorkspaceSummary[]> {
  return listMemberships(userId);
}
