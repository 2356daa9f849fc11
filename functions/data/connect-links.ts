import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Platform } from '@shared/platforms';
import { CONNECT_LINK_PREFIX, connectLinkSk, connectLinkTokenKey, workspacePk } from './keys';
import { db, deleteIf, getItems, queryAll, tableName, type ItemKey } from './table';
import { TABLE_DESIGN } from './table-design';

/**
 * Client connect links (docs/workspaces.md#client-connect-links):
 *  - the link: pk = WS#<id>, sk = CONNECTLINK#<ulid>: its client, networks, expiry and the SHA-256
 *    of its token (the token itself is never stored);
 *  - its pointer: pk = sk = CONNECTLINKTOKEN#<hash>, so the public page finds the link by the token
 *    alone. Unlike an invitation's, it is never spent: a client may connect several networks.
 * Revoking deletes both. Both carry TTL a day after the link expires; the workspace's deletion
 * sweeps the link and its pointer (data/workspaces.ts deleteWorkspaceItems).
 */
const TTL = TABLE_DESIGN.ttlAttribute;
const DAY_SECONDS = 24 * 60 * 60;
const linkKey = (workspaceId: string, linkId: string): ItemKey => ({ pk: workspacePk(workspaceId), sk: connectLinkSk(linkId) });

export interface StoredConnectLink {
  id: string;
  workspaceId: string;
  clientId: string;
  platforms: Platform[];
  createdBy: string;
  createdAt: string;
  /** ISO: when the link stops working. */
  expiresAt: string;
}

function toLink(item: Record<string, unknown>): StoredConnectLink {
  return {
    id: String(item.id),
    workspaceId: String(item.workspaceId),
    clientId: String(item.clientId),
    platforms: Array.isArray(item.platforms) ? (item.platforms as Platform[]) : [],
    createdBy: String(item.createdBy),
    createdAt: String(item.createdAt),
    expiresAt: String(item.validUntil),
  };
}

/** Stores a link, then its pointer (a token never works before its link exists). */
export async function putConnectLink(link: StoredConnectLink, tokenHash: string): Promise<void> {
  const ttl = Math.floor(Date.parse(link.expiresAt) / 1000) + DAY_SECONDS;
  // The link's own expiry is kept as `validUntil` (ISO): `expiresAt` is the table's TTL attribute (epoch seconds).
  const { expiresAt: validUntil, ...fields } = link;
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...linkKey(link.workspaceId, link.id), type: 'ConnectLink', ...fields, validUntil, tokenHash, [TTL]: ttl },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...connectLinkTokenKey(tokenHash), type: 'ConnectLinkToken', workspaceId: link.workspaceId, linkId: link.id, [TTL]: ttl },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** The workspace's links of one client, newest first (expired ones included: the caller decides). */
export async function listConnectLinks(workspaceId: string, clientId: string): Promise<StoredConnectLink[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: 'clientId = :client',
    ExpressionAttributeValues: { ':pk': workspacePk(workspaceId), ':prefix': CONNECT_LINK_PREFIX, ':client': clientId },
    ConsistentRead: true,
    ScanIndexForward: false,
  });
  return items.map(toLink);
}

/** One link of the workspace (consistent: a revoke is seen at once), or null. */
export async function getConnectLink(workspaceId: string, linkId: string): Promise<StoredConnectLink | null> {
  const [item] = await getItems([linkKey(workspaceId, linkId)]);
  return item ? toLink(item) : null;
}

/** The link a token's hash points at, or null (unknown, or revoked). */
export async function findConnectLinkByToken(tokenHash: string): Promise<StoredConnectLink | null> {
  const [pointer] = await getItems([connectLinkTokenKey(tokenHash)]);
  if (!pointer) return null;
  return getConnectLink(String(pointer.workspaceId), String(pointer.linkId));
}

/** Revokes a link of this client: the link first (every use reads it), then its pointer. Null when there was none. */
export async function deleteConnectLink(workspaceId: string, clientId: string, linkId: string): Promise<StoredConnectLink | null> {
  const item = await deleteIf({
    Key: linkKey(workspaceId, linkId),
    ConditionExpression: 'attribute_exists(pk) AND clientId = :client',
    ExpressionAttributeValues: { ':client': clientId },
  });
  if (!item) return null;
  await db().send(new DeleteCommand({ TableName: tableName(), Key: connectLinkTokenKey(String(item.tokenHash)) }));
  return toLink(item);
}
