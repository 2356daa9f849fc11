import { z } from 'zod';

/**
 * Workspaces and roles (docs/decisions/0013-workspaces.md). A workspace owns the data; a person
 * acts in one workspace at a time with the role their membership gives them.
 */

/** Highest first. A role may do everything the roles below it may. */
export const ROLES = ['owner', 'admin', 'editor', 'contributor'] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = z.enum(ROLES);

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

/**
 * A workspace id as it may appear in a header or a path: a person's first workspace has their
 * Cognito sub (a UUID), later ones a ULID. Opaque otherwise.
 */
export const WorkspaceIdSchema = z
  .string()
  .regex(/^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9A-HJKMNP-TV-Z]{26})$/i, 'Not a workspace id.');

export const WORKSPACE_MSG = {
  notMember: 'You are not a member of this workspace.',
  ownsSharedWorkspace: (name: string) =>
    `You own the workspace "${name}", which has other members. Transfer its ownership or delete the workspace before deleting your account.`,
  roleTooLow: (least: Role) => `Only an ${least === 'owner' ? 'Owner' : least === 'admin' ? 'Admin or Owner' : 'Editor, Admin or Owner'} can do this.`,
} as const;

export const WorkspaceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: RoleSchema,
});
export type WorkspaceSummary = z.infer<typeof WorkspaceSummarySchema>;

export const WorkspaceListSchema = z.object({
  items: z.array(WorkspaceSummarySchema),
});
