import { z } from 'zod';
import { ROLES, type Role } from './roles';
import { text } from './text';

/**
 * Workspaces and roles (docs/decisions/0013-workspaces.md). A workspace owns the data; a person
 * acts in one workspace at a time with the role their membership gives them.
 */

export { ROLES, ROLE_NAMES, ROLE_DESCRIPTIONS, roleAtLeast, WORKSPACE_HEADER, WORKSPACE_MSG, type Role } from './roles';
export const RoleSchema = z.enum(ROLES);

/**
 * A workspace id as it may appear in a header or a path: a person's first workspace has their
 * Cognito sub (a UUID), later ones a ULID. Opaque otherwise.
 */
export const WorkspaceIdSchema = z
  .string()
  .regex(/^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9A-HJKMNP-TV-Z]{26})$/i, 'Not a workspace id.');

export const WorkspaceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: RoleSchema,
});
export type WorkspaceSummary = z.infer<typeof WorkspaceSummarySchema>;

export const WorkspaceListSchema = z.object({
  items: z.array(WorkspaceSummarySchema),
});

/** The roles an invitation may give: a workspace has one Owner, made by creating it or by a transfer. */
export const INVITABLE_ROLES = ['admin', 'editor', 'contributor'] as const satisfies readonly Role[];
export const InvitableRoleSchema = z.enum(INVITABLE_ROLES);
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** How long an invitation link works. */
export const INVITE_TTL_DAYS = 7;

/** Seats (members plus pending invitations) per plan when the deployment sets none (`SEATS_PER_PLAN`). */
export const DEFAULT_SEATS = { free: 1, basic: 3, pro: 10 } as const;

export const WORKSPACE_NAME_MAX = 60;
export const WorkspaceNameSchema = text()
  .trim()
  .min(1, 'Give the workspace a name.')
  .max(WORKSPACE_NAME_MAX, `A workspace name is at most ${WORKSPACE_NAME_MAX} characters.`);

/** POST /api/workspaces: a new workspace, with the caller as its Owner. */
export const CreateWorkspaceBodySchema = z.object({ name: WorkspaceNameSchema }).strict();
/** PATCH /api/workspace: rename the workspace the request acts in. */
export const RenameWorkspaceBodySchema = z.object({ name: WorkspaceNameSchema }).strict();

export const MemberSchema = z.object({
  user_id: z.string(),
  email: z.string().nullable(),
  role: RoleSchema,
  joined_at: z.string(),
});
export type MemberView = z.infer<typeof MemberSchema>;

export const InviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: InvitableRoleSchema,
  created_at: z.string(),
  expires_at: z.string(),
});
export type InviteView = z.infer<typeof InviteSchema>;

/** GET /api/workspace/members: who works here, who is invited, and the plan's seats. */
export const MembersResponseSchema = z.object({
  workspace: WorkspaceSummarySchema,
  members: z.array(MemberSchema),
  invites: z.array(InviteSchema),
  seats: z.object({ used: z.number().int(), limit: z.number().int() }),
});
export type MembersResponse = z.infer<typeof MembersResponseSchema>;

/** POST /api/workspace/invites. */
export const CreateInviteBodySchema = z
  .object({
    email: text().trim().toLowerCase().email('Enter a valid e-mail address.').max(254),
    role: InvitableRoleSchema,
  })
  .strict();

/** PATCH /api/workspace/members/{userId}. */
export const ChangeRoleBodySchema = z.object({ role: InvitableRoleSchema }).strict();

export const MemberIdParamsSchema = z.object({
  userId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[0-9A-Za-z-]+$/, 'Not a member id.'),
});
export const InviteIdParamsSchema = z.object({ id: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not an invitation id.') });

/** An invitation token as the link carries it: 32 random bytes, base64url (43 characters). */
export const InviteTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This invitation link is not valid.');
/** POST /api/invites/accept. */
export const AcceptInviteBodySchema = z.object({ token: InviteTokenSchema }).strict();
/** GET /api/invites/preview?token=: what the invitation page shows before the invitee signs in. */
export const InvitePreviewQuerySchema = z.object({ token: InviteTokenSchema });
export const InvitePreviewSchema = z.object({ workspace_name: z.string(), email: z.string(), role: InvitableRoleSchema, expires_at: z.string() });
export type InvitePreview = z.infer<typeof InvitePreviewSchema>;

export const INVITE_MSG = {
  seatsFull: (limit: number) =>
    `Your plan includes ${limit} ${limit === 1 ? 'seat' : 'seats'}, and every one is taken by a member or a pending invitation. Upgrade the plan or remove someone first.`,
  alreadyMember: 'This person is already a member of the workspace.',
  alreadyInvited: 'This e-mail address already has a pending invitation. Revoke it to send a new one.',
  notFound: 'This invitation link is not valid. Ask for a new one.',
  expired: 'This invitation has expired. Ask the workspace Admin for a new one.',
  used: 'This invitation has already been used.',
  otherEmail: 'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
  ownerStays: 'The Owner cannot be removed or given another role. Transfer the ownership first.',
  ownerCannotLeave: 'The Owner cannot leave the workspace. Transfer the ownership first.',
  sent: (email: string) => `Invitation sent to ${email}.`,
} as const;

/** POST /api/workspace/transfer-ownership: the member who becomes the Owner (the caller becomes an Admin). */
export const TransferOwnershipBodySchema = z.object({ user_id: MemberIdParamsSchema.shape.userId }).strict();

/** DELETE /api/workspace: the workspace's name, typed again, confirms the deletion. */
export const DeleteWorkspaceBodySchema = z.object({ confirm_name: text().max(200) }).strict();

export const OWNERSHIP_MSG = {
  notMember: 'This person is not a member of the workspace.',
  self: 'You already own this workspace. Choose another member.',
  notOwner: 'Only the Owner can transfer the ownership, and you are no longer the Owner of this workspace.',
  /** The bell of the member who became the Owner. */
  received: (workspace: string, from: string | null) =>
    `${from ?? 'The previous Owner'} made you the Owner of "${workspace}". Billing and deleting it are yours now.`,
  nameMismatch: (name: string) => `Type the workspace's name, "${name}", exactly to delete it.`,
  firstWorkspace: 'This is your first workspace: it goes only with your account. Delete your account in Settings to remove it.',
} as const;
