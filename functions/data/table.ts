import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type BatchGetCommandOutput,
  type DeleteCommandInput,
  type PutCommandInput,
  type QueryCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/aws';
import { env } from '../lib/env';
import { ConflictError } from '../lib/errors';
import { guardItemSizes } from './item-size';
import { workspacePk } from './keys';
import { TABLE_DESIGN } from './table-design';

/** Shared plumbing of the repositories. Only functions/data knows key attribute names (and keys.ts the keys). */
export const tableName = () => env().TABLE_NAME;
/** The document client, with every write bounded to DynamoDB's 400 KB item size (item-size.ts). */
export const db = () => guardItemSizes(documentClient());
export const BY_USER_TIME = TABLE_DESIGN.indexes.byUserTime;

/** Runs a conditional write; a failed condition becomes `onConflict()` (default: ConflictError). */
export async function conditional<T>(
  write: () => Promise<T>,
  onConflict: () => T | Promise<T> = () => {
    throw new ConflictError();
  },
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException || (error as Error)?.name === 'ConditionalCheckFailedException') {
      return onConflict();
    }
    throw error;
  }
}

/** A table key. */
export interface ItemKey {
  pk: string;
  sk: string;
}

/**
 * Several items of the table in one BatchGetItem (at most 100 keys), strongly consistent: one round
 * trip and one request instead of one per item. The answer is in `keys`' order, undefined where no
 * item is; keys DynamoDB leaves unprocessed (throughput) are asked for again.
 */
export async function getItems(keys: readonly ItemKey[]): Promise<(Record<string, unknown> | undefined)[]> {
  const found = new Map<string, Record<string, unknown>>();
  const id = (key: { pk?: unknown; sk?: unknown }) => `${String(key.pk)}\u0000${String(key.sk)}`;
  let pending: Record<string, unknown>[] | undefined = [...new Map(keys.map((k) => [id(k), { pk: k.pk, sk: k.sk }])).values()];
  for (let round = 0; pending && pending.length > 0; round++) {
    if (round > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** round)));
    const out: BatchGetCommandOutput = await db().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } }));
    for (const item of out.Responses?.[tableName()] ?? []) found.set(id(item), item);
    pending = out.UnprocessedKeys?.[tableName()]?.Keys;
  }
  return keys.map((k) => found.get(id(k)));
}

/**
 * One conditional update: null when the condition failed. With `returnItem`, the item after it;
 * else `{}` (the publishers' hot path does not carry the item back for every step).
 */
export async function updateIf(input: Omit<UpdateCommandInput, 'TableName' | 'ReturnValues'>, returnItem = false): Promise<Record<string, unknown> | null> {
  return conditional(
    async () => (await db().send(new UpdateCommand({ TableName: tableName(), ...input, ReturnValues: returnItem ? 'ALL_NEW' : 'NONE' }))).Attributes ?? {},
    () => null,
  );
}

/** One conditional put: false when the condition failed. */
export async function putIf(input: Omit<PutCommandInput, 'TableName'>): Promise<boolean> {
  return conditional(
    async () => {
      await db().send(new PutCommand({ TableName: tableName(), ...input }));
      return true;
    },
    () => false,
  );
}

/** One conditional delete: the item it removed, or null when the condition failed. */
export async function deleteIf(input: Omit<DeleteCommandInput, 'TableName' | 'ReturnValues'>): Promise<Record<string, unknown> | null> {
  return conditional(
    async () => (await db().send(new DeleteCommand({ TableName: tableName(), ...input, ReturnValues: 'ALL_OLD' }))).Attributes ?? {},
    () => null,
  );
}

/** The workspace's items of one kind (`sk` starting with `prefix`), in descending `sk` order (newest first for ULID ids). */
export async function listWorkspaceItems(workspaceId: string, prefix: string): Promise<Record<string, unknown>[]> {
  return queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': workspacePk(workspaceId), ':prefix': prefix },
    ScanIndexForward: false,
  });
}

/** Deletes the items with these keys, in BatchWriteItem batches of 25, asking again for what DynamoDB leaves unprocessed. */
export async function deleteItems(keys: readonly ItemKey[]): Promise<void> {
  await batchWrite(keys.map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } })));
}

/** Puts these new items (unconditionally: BatchWriteItem takes no conditions), in batches of 25 as deleteItems does. */
export async function putItems(items: readonly Record<string, unknown>[]): Promise<void> {
  await batchWrite(items.map((item) => ({ PutRequest: { Item: item } })));
}

async function batchWrite(all: readonly Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < all.length; i += 25) {
    let requests: Record<string, unknown>[] = all.slice(i, i + 25);
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
      const { UnprocessedItems } = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = UnprocessedItems?.[tableName()] ?? [];
    }
  }
}

/** Every item a query matches, following each page (for result sets known to be small or bounded). */
export async function queryAll(input: Omit<QueryCommandInput, 'ExclusiveStartKey'>): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ ...input, ExclusiveStartKey: cursor }));
    items.push(...(page.Items ?? []));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return items;
}

/** How many items a query matches (`Select: COUNT`, following each page; no item bodies are read). */
export async function countAll(input: Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Select'>): Promise<number> {
  let count = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: cursor }));
    count += page.Count ?? 0;
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return count;
}
