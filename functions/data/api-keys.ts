import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@shared/workspaces';
import { APIKEY_SK_PREFIX, apiKeySk, apiKeyTokenKey, workspacePk } from './keys';
import { countAll, db, deleteIf, getItems, listWorkspaceItems, putIf, tableName, type ItemKey } from './table';

/**
 * Workspace API keys (docs/public-api.md):
 *  - the key: pk = WS#<id>, sk = APIKEY#<ulid>: name, role, who made it, expiry, last use, the last
 *    four characters and the SHA-256 of the key (never the key). This item is what admits: revoking
 *    deletes it, and deleting the workspace sweeps it with everything else;
 *  - its pointer: pk = sk = APIKEYTOKEN#<sha256 of the key>: which workspace and key, found from
 *    the key alone on each request. Written after the key item and removed after it, so a half-done
 *    change never admits a key the key items do not.
 */
export const keyItemKey = (workspaceId: string, keyId: string): ItemKey => ({ pk: workspacePk(workspaceId), sk: apiKeySk(keyId) });

export interface StoredApiKey {
  readonly id: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly role: Role;
  readonly last4: string;
  readonly tokenHash: string;
  readonly createdAt: string;
  readonly createdBy: string;
  readonly createdByEmail: string | null;
  readonly expiresAt: string | null;
  readonly lastUsedAt: string | null;
}

export const toKey = (workspaceId: string, item: Record<string, unknown>): StoredApiKey => ({
  id: String(item.id),
  workspaceId,
  name: String(item.name),
  role: item.role as Role,
  last4: String(item.last4),
  tokenHash: String(item.tokenHash),
  createdAt: String(item.createdAt),
  createdBy: String(item.createdBy),
  createdByEmail: typeof item.createdByEmail === 'string' ? item.createdByEmail : null,
  expiresAt: typeof item.validUntil === 'string' ? item.validUntil : null,
  lastUsedAt: typeof item.lastUsedAt === 'string' ? item.lastUsedAt : null,
});

/** Stores a new key: its item, then its pointer. */
export async function putApiKey(key: Omit<StoredApiKey, 'lastUsedAt'>): Promise<void> {
  const { workspaceId, expiresAt, ...rest } = key;
  // `validUntil`, not the table's TTL attribute (expiresAt, epoch seconds): an expired key stays listed until revoked.
  await putIf({
    Item: { ...keyItemKey(workspaceId, key.id), type: 'ApiKey', ...rest, validUntil: expiresAt },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  await putIf({
    Item: { ...apiKeyTokenKey(key.tokenHash), type: 'ApiKeyPointer', workspaceId, keyId: key.id, createdBy: key.createdBy },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
}

/** The workspace's keys, newest first. */
export async function listApiKeys(workspaceId: string): Promise<StoredApiKey[]> {
  return (await listWorkspaceItems(workspaceId, APIKEY_SK_PREFIX)).map((item) => toKey(workspaceId, item));
}

export async function countApiKeys(workspaceId: string): Promise<number> {
  return countAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': workspacePk(workspaceId), ':prefix': APIKEY_SK_PREFIX },
  });
}

export async function getApiKey(workspaceId: string, keyId: string): Promise<StoredApiKey | null> {
  const [item] = await getItems([keyItemKey(workspaceId, keyId)]);
  return item ? toKey(workspaceId, item) : null;
}

/** Deletes the key (it stops working with this write), then its pointer. The deleted key, or null if there was none. */
export async function deleteApiKey(workspaceId: string, keyId: string): Promise<StoredApiKey | null> {
  const item = await deleteIf({ Key: keyItemKey(workspaceId, keyId), ConditionExpression: 'attribute_exists(pk)' });
  if (!item) return null;
  await db().send(new DeleteCommand({ TableName: tableName(), Key: apiKeyTokenKey(String(item.tokenHash)) }));
  return toKey(workspaceId, item);
}
