import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { REVIEW_LINK_PREFIX, reviewLinkSk, reviewLinkTokenKey, workspacePk } from './keys';
import { db, deleteIf, getItems, queryAll, tableName, type ItemKey } from './table';
import { TABLE_DESIGN } from './table-design';

/**
 * Client review links (docs/review-links.md), stored as connect links are:
 *  - the link: pk = WS#<id>, sk = REVIEWLINK#<ulid>: its client, expiry and the SHA-256 of its token
 *    (the token itself is never stored);
 *  - its pointer: pk = sk = REVIEWLINKTOKEN#<hash>, so the public page finds the link by the token alone.
 * Revoking deletes both. Both carry TTL a day after the link expires; the workspace's deletion
 * sweeps the link and its pointer (data/workspaces.ts deleteWorkspaceItems).
 */
const TTL = TABLE_DESIGN.ttlAttribute;
const DAY_SECONDS = 24 * 60 * 60;
const linkKey = (workspaceId: string, linkId: string): ItemKey => ({ pk: workspacePk(workspaceId), sk: reviewLinkSk(linkId) });

export interface StoredReviewLink {
  id: string;
  workspaceId: string;
  clientId: string;
  createdBy: string;
  createdAt: string;
  /** ISO: when the link stops working. */
  expiresAt: string;
}

function toLink(item: Record<string, unknown>): StoredReviewLink {
  return {
    id: String(item.id),
    workspaceId: String(item.workspaceId),
    clientId: String(item.clientId),
    createdBy: String(item.createdBy),
    createdAt: String(item.createdAt),
    expiresAt: String(item.validUntil),
  };
}

/** Stores a link, then its pointer (a token never works before its link exists). */
export async function putReviewLink(link: StoredReviewLink, tokenHash: string): Promise<void> {
  const ttl = Math.floor(Date.parse(link.expiresAt) / 1000) + DAY_SECONDS;
  // The link's own expiry is kept as `validUntil` (ISO): `expiresAt` is the table's TTL attribute (epoch seconds).
  const { expiresAt: validUntil, ...fields } = link;
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...linkKey(link.workspaceId, link.id), type: 'ReviewLink', ...fields, validUntil, tokenHash, [TTL]: ttl },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...reviewLinkTokenKey(tokenHash), type: 'ReviewLinkToken', workspaceId: link.workspaceId, linkId: link.id, [TTL]: ttl },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** The workspace's review links of one client, newest first (expired ones included: the caller decides). */
export async function listReviewLinks(workspaceId: string, clientId: string): Promise<StoredReviewLink[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: 'clientId = :client',
    ExpressionAttributeValues: { ':pk': workspacePk(workspaceId), ':prefix': REVIEW_LINK_PREFIX, ':client': clientId },
    ConsistentRead: true,
    ScanIndexForward: false,
  });
  return items.map(toLink);
}

/** The link a token's hash points at, or null (unknown, or revoked). Consistent: a revoke is seen at once. */
export async function findReviewLinkByToken(tokenHash: string): Promise<StoredReviewLink | null> {
  const [pointer] = await getItems([reviewLinkTokenKey(tokenHash)]);
  if (!pointer) return null;
  const [item] = await getItems([linkKey(String(pointer.workspaceId), String(pointer.linkId))]);
  return item ? toLink(item) : null;
}

/** Revokes a link of this client: the link first (every use reads it), then its pointer. Null when there was none. */
export async function deleteReviewLink(workspaceId: string, clientId: string, linkId: string): Promise<StoredReviewLink | null> {
  const item = await deleteIf({
    Key: linkKey(workspaceId, linkId),
    ConditionExpression: 'attribute_exists(pk) AND clientId = :client',
    ExpressionAttributeValues: { ':client': clientId },
  });
  if (!item) return null;
  await db().send(new DeleteCommand({ TableName: tableName(), Key: reviewLinkTokenKey(String(item.tokenHash)) }));
  return toLink(item);
}
