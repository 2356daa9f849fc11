import { DeleteCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { userPk, WORKSPACE_OWNED_SK_PREFIXES, workspacePk } from './keys';
import { conditional, db, tableName } from './table';

/**
 * The move of workspace-owned items from USER#<id> to WS#<id> (docs/decisions/0013-workspaces.md).
 * A person's first workspace has their user id, so an item keeps its sort key and every attribute;
 * only its partition changes. Idempotent item by item: the copy is put only where none is, and the
 * old item is deleted after, so a run stopped anywhere and run again finishes the job.
 */
const USER_PREFIX = userPk('');

/** One page of the table's items under any USER#<id> partition, and where the next page starts. */
export async function scanPersonPartitions(cursor?: Record<string, unknown>): Promise<{ items: Record<string, unknown>[]; next?: Record<string, unknown> }> {
  const page = await db().send(
    new ScanCommand({
      TableName: tableName(),
      FilterExpression: 'begins_with(pk, :user)',
      ExpressionAttributeValues: { ':user': USER_PREFIX },
      ExclusiveStartKey: cursor,
      ConsistentRead: true,
    }),
  );
  return { items: page.Items ?? [], ...(page.LastEvaluatedKey ? { next: page.LastEvaluatedKey } : {}) };
}

/** The user id of a USER#<id> partition key. */
export const personOf = (item: Record<string, unknown>): string => String(item.pk).slice(USER_PREFIX.length);

/** Whether an item under USER#<id> belongs to the workspace rather than the person. */
export const isWorkspaceOwned = (item: Record<string, unknown>): boolean => WORKSPACE_OWNED_SK_PREFIXES.some((prefix) => String(item.sk).startsWith(prefix));

/**
 * Moves one item to its workspace's partition. True when this call made the copy; false when a copy
 * was there already (an earlier run, stopped before the delete). Either way the old item goes.
 */
export async function moveToWorkspace(item: Record<string, unknown>): Promise<boolean> {
  const copied = await conditional(
    async () => {
      await db().send(
        new PutCommand({ TableName: tableName(), Item: { ...item, pk: workspacePk(personOf(item)) }, ConditionExpression: 'attribute_not_exists(pk)' }),
      );
      return true;
    },
    () => false,
  );
  await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }));
  return copied;
}
