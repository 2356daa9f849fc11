import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Role, WorkspaceSummary } from '@shared/workspaces';
import { MEMBER_PREFIX, MEMBERSHIP_PREFIX, memberSk, membershipSk, sessionsKey, userPk, WORKSPACE_SK, workspacePk } from './keys';
import { db, deleteItems, getItems, putIf, queryAll, tableName, type ItemKey } from './table';
import { toSessionGate, type SessionGate } from './users';

/**
 * Workspaces and memberships (docs/decisions/0013-workspaces.md):
 *  - the workspace: pk = WS#<id>, sk = WORKSPACE (its name, its owner, when it was made);
 *  - a member: pk = WS#<id>, sk = MEMBER#<userId> (role; the members list reads these);
 *  - a membership: pk = USER#<userId>, sk = MEMBERSHIP#<id> (name and role; the switcher reads these).
 * The member item is the one that grants access; the membership follows it (written after, removed
 * after), so a half-done change never admits anyone the member items do not.
 */
const workspaceKey = (workspaceId: string): ItemKey => ({ pk: workspacePk(workspaceId), sk: WORKSPACE_SK });
const memberKey = (workspaceId: string, userId: string): ItemKey => ({ pk: workspacePk(workspaceId), sk: memberSk(userId) });
const membershipKey = (userId: string, workspaceId: string): ItemKey => ({ pk: userPk(userId), sk: membershipSk(workspaceId) });

export interface Member {
  workspaceId: string;
  userId: string;
  role: Role;
}

/** What one admission read finds: the caller's session gate and their member item in the workspace asked for. */
export interface Admission {
  gate: SessionGate;
  /** Null: the caller is not a member. */
  member: Member | null;
  /** Whether the workspace exists at all (a person's first workspace is made on their first request). */
  workspaceExists: boolean;
}

/** The session gate, the member item and the workspace item in one BatchGetItem (one round trip). */
export async function readAdmission(userId: string, workspaceId: string): Promise<Admission> {
  const [gate, member, workspace] = await getItems([sessionsKey(userId), memberKey(workspaceId, userId), workspaceKey(workspaceId)]);
  return {
    gate: toSessionGate(gate),
    member: member ? { workspaceId, userId, role: member.role as Role } : null,
    workspaceExists: workspace !== undefined,
  };
}

/**
 * Makes a workspace with its first member, the owner. The local DynamoDB has no transactions, so the
 * writes are ordered with the one that decides first: the workspace item, put only if absent. False
 * when it already exists (made by an earlier request or the migration), and then nothing else is
 * written unless the caller is the owner it names and their member item is missing (a run stopped
 * between the writes): the owner's items are put again, which a second run does harmlessly.
 */
export async function createWorkspace(workspace: { id: string; name: string; ownerId: string; email: string | null }, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const made = await putIf({
    Item: { ...workspaceKey(workspace.id), type: 'Workspace', id: workspace.id, name: workspace.name, ownerId: workspace.ownerId, createdAt: at },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  if (!made) {
    const [existing, member] = await getItems([workspaceKey(workspace.id), memberKey(workspace.id, workspace.ownerId)]);
    if (existing?.ownerId !== workspace.ownerId || member) return false;
  }
  await putMember({ workspaceId: workspace.id, userId: workspace.ownerId, role: 'owner' }, { name: workspace.name, email: workspace.email, at });
  return made;
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

/** The workspaces a person belongs to, by name. */
export async function listMemberships(userId: string): Promise<WorkspaceSummary[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':prefix': MEMBERSHIP_PREFIX },
  });
  return items.map((item) => ({ id: String(item.workspaceId), name: String(item.name), role: item.role as Role })).sort((a, b) => a.name.localeCompare(b.name));
}

/** A workspace's members (the member items under WS#<id>). */
export async function listMembers(workspaceId: string): Promise<Member[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': workspacePk(workspaceId), ':prefix': MEMBER_PREFIX },
    ConsistentRead: true,
  });
  return items.map((item) => ({ workspaceId, userId: String(item.userId), role: item.role as Role }));
}

/** The workspace item's owner, or null when the workspace does not exist. */
export async function workspaceOwner(workspaceId: string): Promise<string | null> {
  const [workspace] = await getItems([workspaceKey(workspaceId)]);
  return typeof workspace?.ownerId === 'string' ? workspace.ownerId : null;
}

/** Removes a member: the member item first (access ends with it), then their membership. */
export async function removeMember(workspaceId: string, userId: string): Promise<void> {
  await deleteItems([memberKey(workspaceId, userId), membershipKey(userId, workspaceId)]);
}

/**
 * Deletes every item under WS#<id> until a query finds none (a write racing the deletion is swept
 * by the next round), then the members' memberships.
 */
export async function deleteWorkspaceItems(workspaceId: string): Promise<void> {
  for (;;) {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': workspacePk(workspaceId) },
      ProjectionExpression: 'pk, sk, userId',
      ConsistentRead: true,
    });
    if (items.length === 0) return;
    const members = items.filter((item) => String(item.sk).startsWith(MEMBER_PREFIX)).map((item) => membershipKey(String(item.userId), workspaceId));
    await deleteItems([...items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })), ...members]);
  }
}
