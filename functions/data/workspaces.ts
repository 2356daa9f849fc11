import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { InvitableRole, Role, WorkspaceSummary } from '@shared/workspaces';
import {
  APIKEY_SK_PREFIX,
  apiKeyTokenKey,
  CONNECT_LINK_PREFIX,
  connectLinkTokenKey,
  INVITE_PREFIX,
  inviteSk,
  inviteTokenKey,
  MEMBER_PREFIX,
  MEMBERSHIP_PREFIX,
  memberSk,
  membershipSk,
  REVIEW_LINK_PREFIX,
  reviewLinkTokenKey,
  sessionsKey,
  userPk,
  WORKSPACE_SK,
  workspacePk,
} from './keys';
import { db, deleteIf, deleteItems, getItems, putIf, queryAll, tableName, updateIf, type ItemKey } from './table';
import { TABLE_DESIGN } from './table-design';
import { toSessionGate, type SessionGate } from './users';

/**
 * Workspaces, members and invitations (docs/decisions/0013-workspaces.md):
 *  - the workspace: pk = WS#<id>, sk = WORKSPACE (name, owner, `seatsUsed`: members plus pending
 *    invitations, counted by conditional updates so two invitations cannot both take the last seat);
 *  - a member: pk = WS#<id>, sk = MEMBER#<userId> (role; the members list reads these);
 *  - a membership: pk = USER#<userId>, sk = MEMBERSHIP#<id> (name and role; the switcher reads these);
 *  - an invitation: pk = WS#<id>, sk = INVITE#<ulid>, and its link's pointer pk = sk =
 *    INVITETOKEN#<sha256 of the token> (the token itself is never stored), deleted conditionally by
 *    the one acceptance that spends it. Both carry TTL a day after the invitation expires.
 * The member item is the one that grants access; the membership follows it (written after, removed
 * after), so a half-done change never admits anyone the member items do not. The local DynamoDB has
 * no transactions, so every change is a sequence of single-item writes ordered that way.
 */
const workspaceKey = (workspaceId: string): ItemKey => ({ pk: workspacePk(workspaceId), sk: WORKSPACE_SK });
const memberKey = (workspaceId: string, userId: string): ItemKey => ({ pk: workspacePk(workspaceId), sk: memberSk(userId) });
const membershipKey = (userId: string, workspaceId: string): ItemKey => ({ pk: userPk(userId), sk: membershipSk(workspaceId) });
const inviteKey = (workspaceId: string, inviteId: string): ItemKey => ({ pk: workspacePk(workspaceId), sk: inviteSk(inviteId) });
const TTL = TABLE_DESIGN.ttlAttribute;
const DAY_SECONDS = 24 * 60 * 60;

export interface Member {
  workspaceId: string;
  userId: string;
  role: Role;
}

export interface StoredMember extends Member {
  email: string | null;
  joinedAt: string;
}

export interface Workspace {
  id: string;
  name: string;
  ownerId: string;
  seatsUsed: number;
  /** "Posts need approval" (docs/approvals.md); off unless an Admin turned it on. */
  postsNeedApproval: boolean;
}

export interface Invite {
  id: string;
  workspaceId: string;
  email: string;
  role: InvitableRole;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
}

/** What one admission read finds: the caller's session gate and their member item in the workspace asked for. */
export interface Admission {
  gate: SessionGate;
  /** Null: the caller is not a member. */
  member: Member | null;
}

/** The session gate and the member item in one BatchGetItem (one round trip). */
export async function readAdmission(userId: string, workspaceId: string): Promise<Admission> {
  const [gate, member] = await getItems([sessionsKey(userId), memberKey(workspaceId, userId)]);
  return { gate: toSessionGate(gate), member: member ? { workspaceId, userId, role: member.role as Role } : null };
}

/**
 * Makes a workspace with its first member, the owner (one seat). The workspace item goes first, put
 * only if absent: false when it already exists, and then nothing else is written unless the owner it
 * names lacks their member item (a run stopped between the writes), which is put again.
 */
export async function createWorkspace(workspace: { id: string; name: string; ownerId: string; email: string | null }, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const made = await putIf({
    Item: { ...workspaceKey(workspace.id), type: 'Workspace', id: workspace.id, name: workspace.name, ownerId: workspace.ownerId, seatsUsed: 1, createdAt: at },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  if (!made) {
    const [existing, member] = await getItems([workspaceKey(workspace.id), memberKey(workspace.id, workspace.ownerId)]);
    if (existing?.ownerId !== workspace.ownerId || member) return false;
  }
  await putMember({ workspaceId: workspace.id, userId: workspace.ownerId, role: 'owner' }, { name: workspace.name, email: workspace.email, at });
  return made;
}

export async function getWorkspace(workspaceId: string): Promise<Workspace | null> {
  const [item] = await getItems([workspaceKey(workspaceId)]);
  if (!item) return null;
  return {
    id: workspaceId,
    name: String(item.name),
    ownerId: String(item.ownerId),
    seatsUsed: typeof item.seatsUsed === 'number' ? item.seatsUsed : 1,
    postsNeedApproval: item.postsNeedApproval === true,
  };
}

/** Turns "Posts need approval" on or off; false when the workspace does not exist. */
export async function setPostsNeedApproval(workspaceId: string, on: boolean): Promise<boolean> {
  return (
    (await updateIf({
      Key: workspaceKey(workspaceId),
      UpdateExpression: 'SET postsNeedApproval = :on',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':on': on },
    })) !== null
  );
}

/** One member of the workspace (role and e-mail), or null when they are not one. */
export async function getMember(workspaceId: string, userId: string): Promise<StoredMember | null> {
  const [item] = await getItems([memberKey(workspaceId, userId)]);
  return item ? toStoredMember(workspaceId, item) : null;
}

/** The workspace item's owner, or null when the workspace does not exist. */
export async function workspaceOwner(workspaceId: string): Promise<string | null> {
  return (await getWorkspace(workspaceId))?.ownerId ?? null;
}

/** Renames the workspace, then each member's membership (the switcher's copy of the name). */
export async function renameWorkspace(workspaceId: string, name: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: workspaceKey(workspaceId),
      UpdateExpression: 'SET #name = :name',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':name': name },
    }),
  );
  for (const member of await listMembers(workspaceId)) {
    await updateIf({
      Key: membershipKey(member.userId, workspaceId),
      UpdateExpression: 'SET #name = :name',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':name': name },
    });
  }
}

/** Takes one seat if one is free under `limit`; false when every seat is taken. */
export async function takeSeat(workspaceId: string, limit: number): Promise<boolean> {
  return (
    (await updateIf({
      Key: workspaceKey(workspaceId),
      UpdateExpression: 'SET seatsUsed = if_not_exists(seatsUsed, :one) + :one',
      ConditionExpression: 'attribute_exists(pk) AND ((attribute_not_exists(seatsUsed) AND :one < :limit) OR seatsUsed < :limit)',
      ExpressionAttributeValues: { ':one': 1, ':limit': limit },
    })) !== null
  );
}

/** Gives a seat back (never below zero). */
export async function releaseSeat(workspaceId: string): Promise<void> {
  await updateIf({
    Key: workspaceKey(workspaceId),
    UpdateExpression: 'SET seatsUsed = seatsUsed - :one',
    ConditionExpression: 'seatsUsed > :zero',
    ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
  });
}

/** Adds (or changes) a member: the member item first (the one admission reads), then the membership the switcher lists. */
export async function putMember(member: Member, details: { name: string; email: string | null; at: string }): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...memberKey(member.workspaceId, member.userId),
        type: 'Member',
        userId: member.userId,
        role: member.role,
        email: details.email,
        joinedAt: details.at,
      },
    }),
  );
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...membershipKey(member.userId, member.workspaceId), type: 'Membership', workspaceId: member.workspaceId, name: details.name, role: member.role },
    }),
  );
}

/** Gives an existing member other than the Owner another role; null when they are not such a member (any more). */
export async function setMemberRole(workspaceId: string, userId: string, role: Role): Promise<StoredMember | null> {
  // The Owner's role changes only through a transfer: a change read before a transfer made this
  // member the Owner must not demote them, so the write itself refuses an Owner.
  const item = await updateIf(
    {
      Key: memberKey(workspaceId, userId),
      UpdateExpression: 'SET #role = :role',
      ConditionExpression: 'attribute_exists(pk) AND #role <> :owner',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':role': role, ':owner': 'owner' },
    },
    true,
  );
  if (!item) return null;
  await updateIf({
    Key: membershipKey(userId, workspaceId),
    UpdateExpression: 'SET #role = :role',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#role': 'role' },
    ExpressionAttributeValues: { ':role': role },
  });
  return toStoredMember(workspaceId, item);
}

function toStoredMember(workspaceId: string, item: Record<string, unknown>): StoredMember {
  return {
    workspaceId,
    userId: String(item.userId),
    role: item.role as Role,
    email: typeof item.email === 'string' ? item.email : null,
    joinedAt: String(item.joinedAt ?? ''),
  };
}

/** The workspaces a person belongs to, by name. */
export async function listMemberships(userId: string): Promise<WorkspaceSummary[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':prefix': MEMBERSHIP_PREFIX },
  });
  return items.map((item) => ({ id: String(item.workspaceId), name: String(item.name), role: item.role as Role })).sort((a, b) => a.name.localeCompare(b.name));
}

/** A workspace's members (the member items under WS#<id>), in the order they joined. */
export async function listMembers(workspaceId: string): Promise<StoredMember[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': workspacePk(workspaceId), ':prefix': MEMBER_PREFIX },
    ConsistentRead: true,
  });
  return items.map((item) => toStoredMember(workspaceId, item)).sort((a, b) => a.joinedAt.localeCompare(b.joinedAt));
}

/**
 * Removes a member: the member item first (access ends with it), then their membership. False when
 * they were not one, or when they are the Owner: a member made the Owner by a transfer racing their
 * removal stays, so a workspace never loses its Owner this way.
 */
export async function removeMember(workspaceId: string, userId: string): Promise<boolean> {
  const removed = await deleteIf({
    Key: memberKey(workspaceId, userId),
    ConditionExpression: 'attribute_exists(pk) AND #role <> :owner',
    ExpressionAttributeNames: { '#role': 'role' },
    ExpressionAttributeValues: { ':owner': 'owner' },
  });
  if (removed === null && (await getMember(workspaceId, userId))?.role === 'owner') return false;
  await db().send(new DeleteCommand({ TableName: tableName(), Key: membershipKey(userId, workspaceId) }));
  return removed !== null;
}

/** Why a transfer of ownership wrote nothing. */
export type TransferRefusal = 'not-owner' | 'not-member';

/**
 * Makes `to` the Owner and `from` an Admin. The local DynamoDB has no transactions, so this is a
 * sequence of conditional writes whose first one decides (docs/workspaces.md#ownership-transfer):
 *  1. the workspace item's `ownerId` moves from `from` to `to` only if it still names `from`, so of
 *     two transfers at once exactly one gets past here, and a caller who is no longer the Owner none;
 *  2. `to`'s member item becomes the Owner only if it still exists; if they were removed meanwhile,
 *     step 1 is undone (again conditionally) and nothing is left changed;
 *  3. `from`'s member item becomes an Admin (admission reads it: from here on they are refused
 *     the Owner's routes);
 *  4. both memberships (the switcher's copies of the roles) follow.
 * Null when done, otherwise why nothing was changed.
 */
export async function transferOwnership(workspaceId: string, from: string, to: string): Promise<TransferRefusal | null> {
  const moved = await updateIf({
    Key: workspaceKey(workspaceId),
    UpdateExpression: 'SET ownerId = :to',
    ConditionExpression: 'ownerId = :from',
    ExpressionAttributeValues: { ':from': from, ':to': to },
  });
  if (moved === null) return 'not-owner';
  const promoted = await updateIf({
    Key: memberKey(workspaceId, to),
    UpdateExpression: 'SET #role = :owner',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#role': 'role' },
    ExpressionAttributeValues: { ':owner': 'owner' },
  });
  if (promoted === null) {
    await updateIf({
      Key: workspaceKey(workspaceId),
      UpdateExpression: 'SET ownerId = :from',
      ConditionExpression: 'ownerId = :to',
      ExpressionAttributeValues: { ':from': from, ':to': to },
    });
    return 'not-member';
  }
  await updateIf({
    Key: memberKey(workspaceId, from),
    UpdateExpression: 'SET #role = :admin',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#role': 'role' },
    ExpressionAttributeValues: { ':admin': 'admin' },
  });
  for (const [userId, role] of [
    [to, 'owner'],
    [from, 'admin'],
  ] as const) {
    await updateIf({
      Key: membershipKey(userId, workspaceId),
      UpdateExpression: 'SET #role = :role',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':role': role },
    });
  }
  return null;
}

/**
 * Ends every membership but the Owner's: each member item first (admission reads it, so their next
 * request is refused), then their membership. The first step of deleting a workspace.
 */
export async function removeMembersButOwner(workspaceId: string): Promise<void> {
  for (const member of await listMembers(workspaceId)) {
    if (member.role !== 'owner') await removeMember(workspaceId, member.userId);
  }
}

/** Stores an invitation and its link's pointer (the pointer last: a link never works before its invitation exists). */
export async function putInvite(invite: Invite, tokenHash: string): Promise<void> {
  const expiresAt = Math.floor(Date.parse(invite.expiresAt) / 1000) + DAY_SECONDS;
  // The invitation's own expiry is kept as `validUntil` (ISO): `expiresAt` is the table's TTL attribute (epoch seconds).
  const { expiresAt: validUntil, ...fields } = invite;
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...inviteKey(invite.workspaceId, invite.id), type: 'Invite', ...fields, validUntil, tokenHash, [TTL]: expiresAt },
    }),
  );
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...inviteTokenKey(tokenHash), type: 'InviteToken', workspaceId: invite.workspaceId, inviteId: invite.id, [TTL]: expiresAt },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

function toInvite(item: Record<string, unknown>): Invite {
  return {
    id: String(item.id),
    workspaceId: String(item.workspaceId),
    email: String(item.email),
    role: item.role as InvitableRole,
    invitedBy: String(item.invitedBy),
    createdAt: String(item.createdAt),
    expiresAt: String(item.validUntil),
  };
}

/** The workspace's invitations not yet accepted or revoked, newest first (expired ones included: the caller decides). */
export async function listInvites(workspaceId: string): Promise<(Invite & { tokenHash: string })[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': workspacePk(workspaceId), ':prefix': INVITE_PREFIX },
    ConsistentRead: true,
    ScanIndexForward: false,
  });
  return items.map((item) => ({ ...toInvite(item), tokenHash: String(item.tokenHash) }));
}

/** The invitation a link's token hash points at, without spending it. */
export async function findInviteByToken(tokenHash: string): Promise<Invite | null> {
  const [pointer] = await getItems([inviteTokenKey(tokenHash)]);
  if (!pointer) return null;
  const [invite] = await getItems([inviteKey(String(pointer.workspaceId), String(pointer.inviteId))]);
  return invite ? toInvite(invite) : null;
}

/** Spends a link: deletes its pointer if it is still there. True for exactly one caller. */
export async function spendInviteToken(tokenHash: string): Promise<boolean> {
  return (await deleteIf({ Key: inviteTokenKey(tokenHash), ConditionExpression: 'attribute_exists(pk)' })) !== null;
}

/** Deletes an invitation and its pointer; the invitation as it was, or null when there was none. */
export async function deleteInvite(workspaceId: string, inviteId: string): Promise<Invite | null> {
  const item = await deleteIf({ Key: inviteKey(workspaceId, inviteId), ConditionExpression: 'attribute_exists(pk)' });
  if (!item) return null;
  await db().send(new DeleteCommand({ TableName: tableName(), Key: inviteTokenKey(String(item.tokenHash)) }));
  return toInvite(item);
}

/**
 * Deletes every item under WS#<id> until a query finds none (a write racing the deletion is swept
 * by the next round), then the members' memberships and the pointers of invitation links, connect
 * links and API keys.
 */
export async function deleteWorkspaceItems(workspaceId: string): Promise<void> {
  for (;;) {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': workspacePk(workspaceId) },
      ProjectionExpression: 'pk, sk, userId, tokenHash',
      ConsistentRead: true,
    });
    if (items.length === 0) return;
    const outside = items.flatMap((item) => {
      const sk = String(item.sk);
      if (sk.startsWith(MEMBER_PREFIX)) return [membershipKey(String(item.userId), workspaceId)];
      if (sk.startsWith(INVITE_PREFIX)) return [inviteTokenKey(String(item.tokenHash))];
      if (sk.startsWith(CONNECT_LINK_PREFIX)) return [connectLinkTokenKey(String(item.tokenHash))];
      if (sk.startsWith(REVIEW_LINK_PREFIX)) return [reviewLinkTokenKey(String(item.tokenHash))];
      if (sk.startsWith(APIKEY_SK_PREFIX)) return [apiKeyTokenKey(String(item.tokenHash))];
      return [];
    });
    await deleteItems([...items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })), ...outside]);
  }
}
