import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NOTIFICATIONS_SHOWN, type Notification } from '@shared/notifications';
import { NotFoundError } from '../lib/errors';
import { NOTE_PREFIX, noteSk, unreadPk, userPk } from './keys';
import { BY_USER_TIME, conditional, db, putItems, tableName } from './table';

/**
 * Activity log rows ("notifications"): pk = USER#<id>, sk = NOTE#<ulid>.
 *  - latest N: query sk begins_with NOTE#, descending (access pattern 4)
 *  - unread:   gsi1pk = UNREAD#<id>, a sparse index entry removed when the row is read (pattern 5)
 */

function toNotification(item: Record<string, unknown>): Notification {
  const optional = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    id: String(item.id),
    message: String(item.message),
    created_at: String(item.created_at),
    read: item.read === true,
    workspace_id: optional(item.workspace_id),
    workspace_name: optional(item.workspace_name),
    post_id: optional(item.post_id),
  };
}

/** One notice as it is written: its text, when, and where it happened. */
export interface NewNotification {
  readonly id: string;
  readonly message: string;
  readonly created_at: string;
  readonly workspace_id?: string | null;
  readonly workspace_name?: string | null;
  readonly post_id?: string | null;
}

function noteItem(userId: string, note: NewNotification): Record<string, unknown> {
  // Absent, not null: a notice about no workspace or post stores no such attribute.
  const where = Object.fromEntries(
    Object.entries({ workspace_id: note.workspace_id, workspace_name: note.workspace_name, post_id: note.post_id }).filter(([, v]) => v),
  );
  return {
    pk: userPk(userId),
    sk: noteSk(note.id),
    type: 'Notification',
    id: note.id,
    message: note.message,
    created_at: note.created_at,
    ...where,
    read: false,
    [BY_USER_TIME.partitionKey]: unreadPk(userId),
    [BY_USER_TIME.sortKey]: noteSk(note.id),
  };
}

export async function addNotification(userId: string, note: NewNotification): Promise<Notification> {
  const item = noteItem(userId, note);
  await db().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  return toNotification(item);
}

/**
 * One notice for each person (each its own id), in BatchWriteItem calls rather than one write per
 * person: a workspace's members are bounded by its seats. The ids are new ULIDs, so the write
 * needs no condition.
 */
export async function addNotifications(notes: readonly { userId: string; note: NewNotification }[]): Promise<Notification[]> {
  const items = notes.map(({ userId, note }) => noteItem(userId, note));
  await putItems(items);
  return items.map(toNotification);
}

export async function listLatestNotifications(userId: string, limit = NOTIFICATIONS_SHOWN): Promise<Notification[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': userPk(userId), ':prefix': NOTE_PREFIX },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map(toNotification);
}

/** Marks one of the user's notifications read. Unknown ids (or another user's) are a 404. */
export async function markNotificationRead(userId: string, id: string): Promise<void> {
  await conditional(
    () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: userPk(userId), sk: noteSk(id) },
          UpdateExpression: 'SET #read = :true REMOVE #gpk, #gsk',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#read': 'read', '#gpk': BY_USER_TIME.partitionKey, '#gsk': BY_USER_TIME.sortKey },
          ExpressionAttributeValues: { ':true': true },
        }),
      ),
    () => {
      throw new NotFoundError('Notification not found');
    },
  );
}

/** Marks every unread notification of the user read; returns how many changed. */
export async function markAllNotificationsRead(userId: string): Promise<number> {
  let updated = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: BY_USER_TIME.indexName,
        KeyConditionExpression: '#gpk = :pk',
        ExpressionAttributeNames: { '#gpk': BY_USER_TIME.partitionKey },
        ExpressionAttributeValues: { ':pk': unreadPk(userId) },
        ProjectionExpression: 'id',
        ExclusiveStartKey: cursor,
      }),
    );
    // Each row is its own conditional update: a row read meanwhile is simply skipped.
    const results = await Promise.all(
      (page.Items ?? []).map((item) =>
        markNotificationRead(userId, String(item.id)).then(
          () => 1,
          (error) => {
            if (error instanceof NotFoundError) return 0;
            throw error;
          },
        ),
      ),
    );
    updated += results.reduce((a, b) => a + b, 0);
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return updated;
}
