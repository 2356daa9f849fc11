/**
 * Roles in a workspace and the header that names the workspace a request acts in. Apart from
 * shared/workspaces.ts (which re-exports them) because that module builds zod schemas when it loads:
 * the app shell checks roles and sends the header before its first paint, without zod.
 */

/** Highest first. A role may do everything the roles below it may. */
export const ROLES = ['owner', 'admin', 'editor', 'contributor'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_NAMES: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  contributor: 'Contributor',
};

/** What each role is for, as the members page explains it. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Billing, deleting the workspace and everything Admins do.',
  admin: 'Members and connections, and everything Editors do; not billing.',
  editor: 'Compose, schedule, publish and approve posts.',
  contributor: 'Drafts only: scheduling a post asks an Editor to approve it.',
};

const RANK: Record<Role, number> = { owner: 3, admin: 2, editor: 1, contributor: 0 };

/** True when `role` may do what `least` may (roles are ranked). */
export function roleAtLeast(role: Role, least: Role): boolean {
  return RANK[role] >= RANK[least];
}

/** The header the app sends to say which workspace a request acts in. Absent: the person's first workspace. */
export const WORKSPACE_HEADER = 'x-workspace-id';

export const WORKSPACE_MSG = {
  notMember: 'You are not a member of this workspace.',
  ownsSharedWorkspace: (name: string) =>
    `You own the workspace "${name}", which has other members. Transfer its ownership or delete the workspace before deleting your account.`,
  roleTooLow: (least: Role) => `Only an ${least === 'owner' ? 'Owner' : least === 'admin' ? 'Admin or Owner' : 'Editor, Admin or Owner'} can do this.`,
} as const;
