import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Activity, ActivityKind } from '@shared/approvals';
import { postActivityPrefix, postActivitySk, workspacePk } from './keys';
import { db, deleteItems, queryAll, tableName } from './table';

/**
 * A post's activity history (docs/approvals.md): one item per change of status, beside the post in
 * the partition of the workspace that owns it: pk = USER#<workspaceId> (the post's own partition),
 * sk = POSTACTIVITY#<postId>#<ulid>. ULIDs sort by time, so one query reads the history oldest first.
 */
export interface ActivityEntry {
  kind: ActivityKind;
  userId: string | null;
  email: string | null;
  comment?: string | null;
  /** A client deciding through a review link: their name (no user, no e-mail). */
  clientName?: string;
}

export async function addPostActivity(workspaceId: string, postId: string, entry: ActivityEntry, at: { id: string; at: string }): Promise<Activity> {
  const activity: Activity = {
    id: at.id,
    kind: entry.kind,
    user_id: entry.userId,
    email: entry.email,
    ...(entry.clientName ? { client_name: entry.clientName } : {}),
    at: at.at,
    comment: entry.comment ?? null,
  };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { pk: workspacePk(workspaceId), sk: postActivitySk(postId, at.id), type: 'PostActivity', post_id: postId, ...activity },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return activity;
}

export async function listPostActivity(workspaceId: string, postId: string): Promise<Activity[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': workspacePk(workspaceId), ':prefix': postActivityPrefix(postId) },
    ConsistentRead: true,
  });
  return items.map((item) => ({
    id: String(item.id),
    kind: item.kind as ActivityKind,
    user_id: typeof item.user_id === 'string' ? item.user_id : null,
    email: typeof item.email === 'string' ? item.email : null,
    ...(typeof item.client_name === 'string' ? { client_name: item.client_name } : {}),
    at: String(item.at),
    comment: typeof item.comment === 'string' ? item.comment : null,
  }));
}

/** A deleted post's history goes with it. */
export async function deletePostActivity(workspaceId: string, postId: string): Promise<void> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': workspacePk(workspaceId), ':prefix': postActivityPrefix(postId) },
    ProjectionExpression: 'pk, sk',
  });
  await deleteItems(items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })));
}
