import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@shared/workspaces';
import { keyItemKey, toKey, type StoredApiKey } from './api-keys';
import { apiKeyTokenKey, memberSk, workspacePk } from './keys';
import { conditional, db, getItems, tableName, type ItemKey } from './table';

/**
 * What the handler factory reads and writes to admit a /v1 request by its API key (docs/public-api.md):
 * the key's pointer, its item and its maker's membership, and the key's last use. Apart from the
 * keys' management (data/api-keys.ts), so only the functions that answer /v1 reach this write.
 */
const memberKey = (workspaceId: string, userId: string): ItemKey => ({ pk: workspacePk(workspaceId), sk: memberSk(userId) });

/** What a request's key admits, read consistently: the key item and its maker's membership, or null for an unknown key. */
export interface KeyAdmission {
  readonly key: StoredApiKey | null;
  /** The role of the member who made the key, if they still are one. */
  readonly makerRole: Role | null;
}

/** Two round trips: the pointer (by the key's hash), then the key item and its maker's member item together. */
export async function readKeyAdmission(keyHash: string): Promise<KeyAdmission | null> {
  const [pointer] = await getItems([apiKeyTokenKey(keyHash)]);
  if (!pointer) return null;
  const workspaceId = String(pointer.workspaceId);
  const [key, member] = await getItems([keyItemKey(workspaceId, String(pointer.keyId)), memberKey(workspaceId, String(pointer.createdBy))]);
  // A pointer left by a revocation that stopped half-way names no key: the key item decides.
  if (!key || key.tokenHash !== keyHash) return { key: null, makerRole: null };
  return { key: toKey(workspaceId, key), makerRole: member ? (member.role as Role) : null };
}

/**
 * Marks the key used at `now`, unless a request marked it less than `precisionSeconds` ago (then
 * nothing is written). Conditional on the key still existing, so a revoked key is never written back.
 */
export async function touchApiKey(workspaceId: string, keyId: string, now: Date, precisionSeconds: number): Promise<void> {
  const cutoff = new Date(now.getTime() - precisionSeconds * 1000).toISOString();
  // Its own UpdateCommand rather than table.ts's updateIf: the capability check (test/unit/infra) then
  // sees that this write happens only on the routes API keys call, as the rate counter's on limited ones.
  await conditional(
    async () => {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keyItemKey(workspaceId, keyId),
          UpdateExpression: 'SET lastUsedAt = :now',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :cutoff)',
          ExpressionAttributeValues: { ':now': now.toISOString(), ':cutoff': cutoff },
        }),
      );
    },
    () => undefined,
  );
}
